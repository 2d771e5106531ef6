import { Link } from 'react-router'

import { LegalPage } from '~/components/site/LegalPage'
import { AGE_CONFIRMATION_DAYS } from '~/lib/age-record'
import { pageMeta } from '~/lib/seo'
import { useSettings } from '~/root-data'

import type { Route } from './+types/privacy'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Privacy Policy',
    description: 'How our medical dispensary website handles the little information it collects (placeholder text).',
    path: '/privacy',
  })

export default function Privacy() {
  const { brand_name: brand, contact_email: email } = useSettings()
  const link = 'font-semibold text-brand-700 underline underline-offset-4'
  return (
    <LegalPage title="Privacy Policy" updated="November 2026">
      <section>
        <h2>1. The short version</h2>
        <p>
          {brand} collects as little as it can. We do not sell your information, and we never ask for medical records
          through this website.
        </p>
      </section>
      <section>
        <h2>2. What we collect</h2>
        <ul>
          <li>
            <strong>Age confirmation.</strong> When you confirm you are 21+ or a qualified patient, your browser stores
            a cookie and a small record with the time, so we do not ask again for {AGE_CONFIRMATION_DAYS} days.
          </li>
          <li>
            <strong>Contact messages.</strong> When you use the{' '}
            <Link to="/contact" className={link}>
              contact form
            </Link>{' '}
            we keep your name, email, optional phone number, topic and message so our team can answer you.
          </li>
          <li>
            <strong>Visits.</strong> Our own server counts visits to this website, without cookies and without any
            outside analytics service: which pages are opened, how many different visitors come each day, the name of
            the website that sent them (such as google.com), whether they use a phone, tablet or computer, and taps on
            Call, Get Directions and Shop Live Menu. To tell one day’s visitors apart it mixes your internet address and
            browser name with a random value that is thrown away every night; we never store your address, your browser
            details or anything else that could identify you, nothing is stored in your browser for this, and no visitor
            can be followed from one day to the next.
          </li>
          <li>
            <strong>Basic server logs.</strong> Like every website, our server briefly records technical details such as
            your IP address to keep the site secure and to stop abuse.
          </li>
        </ul>
      </section>
      <section>
        <h2>3. How we use it</h2>
        <p>
          We use your message only to reply and to improve our stores. Staff who answer messages can read them; we may
          use an email or form-handling provider to deliver them to our team.
        </p>
      </section>
      <section>
        <h2>4. Other services</h2>
        <p>
          The live menu, embedded maps and review sites are run by other companies and may set their own cookies when
          you use them. Their privacy policies apply to what they collect.
        </p>
      </section>
      <section>
        <h2>5. Keeping and deleting your information</h2>
        <p>
          We keep contact messages only as long as we need them to help you. You may ask us to see, correct or delete
          what we hold about you
          {email ? (
            <>
              {' '}
              by writing to{' '}
              <a href={`mailto:${email}`} className={link}>
                {email}
              </a>
            </>
          ) : null}
          .
        </p>
      </section>
      <section>
        <h2>6. Changes</h2>
        <p>
          If this policy changes, the date at the top will change too. Please also read our{' '}
          <Link to="/terms" className={link}>
            Terms of Service
          </Link>
          .
        </p>
      </section>
    </LegalPage>
  )
}
