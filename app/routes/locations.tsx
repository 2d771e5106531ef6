import { PageHeader } from '~/components/site/PageHeader'
import { StoreCard } from '~/components/site/StoreCard'
import { TapLink } from '~/components/site/TapLink'
import { jsonLd, pageMeta, settingsOf } from '~/lib/seo'
import { formatPhone, storeJsonLd, telHref } from '~/lib/store-hours'
import { useSettings, useSiteUrl } from '~/root-data'

import type { Route } from './+types/locations'

export const meta: Route.MetaFunction = ({ matches }) => {
  const { Lindsey, BlueWater } = settingsOf(matches).stores
  return pageMeta(matches, {
    title: 'Locations and Hours',
    description: `Visit our medical dispensary at ${Lindsey.street}, ${Lindsey.city} or our partner ${BlueWater.name} at ${BlueWater.street}, ${BlueWater.city}: hours, phone numbers, maps and directions.`,
    path: '/locations',
  })
}

export default function Locations() {
  const settings = useSettings()
  const siteUrl = useSiteUrl()
  const { Lindsey, BlueWater } = settings.stores
  return (
    <main>
      <PageHeader eyebrow="Norman, Oklahoma" title="Our Locations">
        <p>
          Two friendly counters, one short drive apart. Stop by {Lindsey.name} on {Lindsey.street}, or our partner
          dispensary {BlueWater.name} on {BlueWater.street}.
        </p>
      </PageHeader>

      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
        <p className="flex items-start gap-3 rounded-2xl border border-accent-300 bg-accent-100 px-5 py-4 text-ink-900">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="mt-0.5 h-5 w-5 shrink-0 text-accent-800"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path d="M7 10h6M7 14h4" />
          </svg>
          <span>
            <strong>A medical card is required for every visit.</strong> Please bring your Oklahoma medical marijuana
            patient license and a valid photo ID.
          </span>
        </p>

        <div className="mt-8 grid gap-8 lg:grid-cols-2">
          <StoreCard store={Lindsey} storeKey="Lindsey" label="Our store" headingId="store-lindsey" />
          <StoreCard store={BlueWater} storeKey="BlueWater" label="Partner dispensary" headingId="store-bluewater" />
        </div>

        <section
          aria-labelledby="visit-tips"
          className="mt-12 rounded-3xl bg-brand-900 px-6 py-8 text-cream-50 sm:px-10"
        >
          <h2 id="visit-tips" className="text-2xl font-semibold">
            Before you visit
          </h2>
          <ul className="mt-4 grid gap-3 text-cream-100 sm:grid-cols-3">
            <li>
              <strong className="block text-accent-300">Cash only</strong>
              Both stores take cash, and there is an ATM on site.
            </li>
            <li>
              <strong className="block text-accent-300">Order ahead</strong>
              Browse the live menu, order online and pick up at the curb.
            </li>
            <li>
              <strong className="block text-accent-300">First visit?</strong>
              First-time patients get 15% off their entire purchase.
            </li>
          </ul>
        </section>
      </div>

      <nav
        aria-label="Call a store"
        className="sticky bottom-0 z-30 border-t border-brand-900 bg-brand-800/95 px-3 py-3 backdrop-blur md:hidden"
      >
        <ul className="grid grid-cols-2 gap-3">
          {(
            [
              ['Lindsey', Lindsey],
              ['BlueWater', BlueWater],
            ] as const
          ).map(([key, store]) => (
            <li key={key}>
              <TapLink
                to={telHref(store.phone)}
                tap="call"
                store={key}
                aria-label={`Call ${store.name} at ${formatPhone(store.phone)}`}
                className="flex min-h-12 items-center justify-center gap-2 rounded-full bg-accent-400 px-3 py-2 text-center text-sm font-semibold text-ink-900 hover:bg-accent-300"
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 shrink-0" fill="currentColor">
                  <path d="M5 4h3l2 5-2.5 1.5a11 11 0 0 0 6 6L15 14l5 2v3a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z" />
                </svg>
                Call {store.name.split(' ').slice(0, 2).join(' ')}
              </TapLink>
            </li>
          ))}
        </ul>
      </nav>

      {[storeJsonLd(Lindsey, { siteUrl }), storeJsonLd(BlueWater, { siteUrl })].map((value, index) => (
        <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(value) }} />
      ))}
    </main>
  )
}
