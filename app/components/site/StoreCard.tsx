import { TapLink } from '~/components/site/TapLink'
import { ExternalLink } from '~/components/ui/ExternalLink'
import { LineIcon } from '~/components/ui/LineIcon'
import type { StoreKey } from '~/db/types'
import { formatPhone, groupHours, telHref } from '~/lib/store-hours'
import type { StoreFacts } from '~/schemas/settings'

function Icon({ path }: { path: string }) {
  return <LineIcon d={path} className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" strokeWidth={1.8} />
}

const PIN = 'M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21zM12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z'
const CLOCK = 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2'
const PHONE = 'M5 4h3l2 5-2.5 1.5a11 11 0 0 0 6 6L15 14l5 2v3a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z'

/** One store on the locations page: address, hours, call, map, directions, website. */
export function StoreCard({
  store,
  storeKey,
  label,
  headingId,
}: {
  store: StoreFacts
  storeKey: StoreKey
  /** 'Our store' / 'Partner dispensary' */
  label: string
  headingId: string
}) {
  const hours = groupHours(store.hours)
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col overflow-hidden rounded-3xl border border-cream-200 bg-white shadow-sm"
    >
      <div className="aspect-[4/3] w-full bg-cream-100 sm:aspect-[16/10]">
        <iframe
          title={`Map of ${store.name} at ${store.street}, ${store.city}`}
          src={store.map_embed_url}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          className="h-full w-full border-0"
        />
      </div>
      <div className="flex flex-1 flex-col gap-5 p-6 sm:p-8">
        <div>
          <p className="text-sm font-semibold tracking-widest text-accent-800 uppercase">{label}</p>
          <h2 id={headingId} className="mt-1 text-3xl font-semibold text-brand-900">
            {store.name}
          </h2>
        </div>
        <dl className="grid gap-4 text-ink-700">
          <div className="flex gap-3">
            <dt>
              <Icon path={PIN} />
              <span className="sr-only">Address</span>
            </dt>
            <dd>
              <address className="not-italic">
                {store.street}
                <br />
                {store.city}, {store.region} {store.postal_code}
              </address>
            </dd>
          </div>
          <div className="flex gap-3">
            <dt>
              <Icon path={CLOCK} />
              <span className="sr-only">Hours</span>
            </dt>
            <dd>
              <ul className="grid gap-0.5">
                {hours.map((group) => (
                  <li key={group.days}>
                    <span className="font-semibold text-ink-900">{group.days}</span> {group.hours}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
          <div className="flex gap-3">
            <dt>
              <Icon path={PHONE} />
              <span className="sr-only">Phone</span>
            </dt>
            <dd>
              <TapLink
                to={telHref(store.phone)}
                tap="call"
                store={storeKey}
                className="font-semibold text-brand-700 underline decoration-brand-300 underline-offset-4 hover:text-brand-900"
              >
                <span className="sr-only">Call {store.name} at </span>
                {formatPhone(store.phone)}
              </TapLink>
            </dd>
          </div>
        </dl>
        <div className="mt-auto flex flex-wrap gap-3 pt-2">
          <TapLink
            to={store.directions_url}
            tap="directions"
            store={storeKey}
            newTab
            className="inline-flex items-center gap-2 rounded-full bg-brand-800 px-5 py-3 font-semibold text-cream-50 shadow-sm hover:bg-brand-700"
          >
            Get Directions
          </TapLink>
          {store.website_url ? (
            <ExternalLink
              href={store.website_url}
              className="inline-flex items-center gap-2 rounded-full border-2 border-brand-800 px-5 py-2.5 font-semibold text-brand-800 hover:bg-brand-50"
            >
              Visit the {store.name} Website
            </ExternalLink>
          ) : null}
        </div>
      </div>
    </article>
  )
}
