import { Link } from 'react-router'

import { LegalPage } from '~/components/site/LegalPage'
import { pageMeta } from '~/lib/seo'
import { useSettings } from '~/root-data'

import type { Route } from './+types/terms'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Terms of Service',
    description:
      'The terms for using our website and visiting our medical dispensaries in Norman, Oklahoma (placeholder text).',
    path: '/terms',
  })

export default function Terms() {
  const { brand_name: brand, contact_email: email } = useSettings()
  return (
    <LegalPage title="Terms of Service" updated="November 2026">
      <section>
        <h2>1. Who we are</h2>
        <p>
          This website is run by {brand}, a licensed medical marijuana dispensary in Norman, Oklahoma. By using the site
          you agree to these terms. If you do not agree, please do not use the site.
        </p>
      </section>
      <section>
        <h2>2. Who may use this site</h2>
        <p>
          The site is meant for adults who are 21 or older and for qualified patients. When you confirm your age at the
          entrance you tell us that this is true for you. Oklahoma law allows sales only to patients and caregivers with
          a valid state medical marijuana license, and a medical card is required for every visit.
        </p>
      </section>
      <section>
        <h2>3. Products, prices and availability</h2>
        <ul>
          <li>
            Product information is provided for general reference; always read the label and follow your physician’s
            advice.
          </li>
          <li>Menus, prices and deals can change without notice and may differ between our stores.</li>
          <li>
            Online orders are held for pickup and are paid for in the store, in cash, after your license and ID are
            checked.
          </li>
          <li>
            Nothing on this site is medical advice, and no product is offered to diagnose, treat or cure any condition.
          </li>
        </ul>
      </section>
      <section>
        <h2>4. Promotions</h2>
        <p>
          Discounts, loyalty points and price matching follow the rules posted in the store at the time of purchase.
          Unless a promotion says otherwise, promotions cannot be combined.
        </p>
      </section>
      <section>
        <h2>5. Acceptable use</h2>
        <p>
          Please do not misuse the site: no attempts to break in, overload it, collect other visitors’ information or
          send automated messages through the contact form.
        </p>
      </section>
      <section>
        <h2>6. Links to other sites</h2>
        <p>
          Our live menu, maps, reviews and partner pages are provided by other companies. Their own terms and privacy
          policies apply when you use them.
        </p>
      </section>
      <section>
        <h2>7. Changes and questions</h2>
        <p>
          We may update these terms from time to time; the date at the top shows the latest version. Questions are
          welcome on our{' '}
          <Link to="/contact" className="font-semibold text-brand-700 underline underline-offset-4">
            contact page
          </Link>
          {email ? (
            <>
              {' '}
              or by email at{' '}
              <a href={`mailto:${email}`} className="font-semibold text-brand-700 underline underline-offset-4">
                {email}
              </a>
            </>
          ) : null}
          . See also our{' '}
          <Link to="/privacy" className="font-semibold text-brand-700 underline underline-offset-4">
            Privacy Policy
          </Link>
          .
        </p>
      </section>
    </LegalPage>
  )
}
