import { Link } from 'react-router'

import { PageHeader } from '~/components/site/PageHeader'
import { ReviewQuote } from '~/components/site/ReviewQuote'
import { StarRating } from '~/components/site/StarRating'
import { TapLink } from '~/components/site/TapLink'
import { ExternalLink } from '~/components/ui/ExternalLink'
import { config } from '~/config.server'
import type { StoreKey } from '~/db/types'
import { HIGHLIGHT_REVIEWS } from '~/lib/highlight-reviews'
import { jsonLd, pageMeta, settingsOf } from '~/lib/seo'
import { storeJsonLd } from '~/lib/store-hours'
import { formatShortDate } from '~/lib/time'
import { listReviews } from '~/models/reviews.server'
import { getSettings } from '~/models/settings.server'
import { useSettings } from '~/root-data'
import type { StoreFacts } from '~/schemas/settings'

import type { Route } from './+types/reviews'

const STORE_KEYS: readonly StoreKey[] = ['Lindsey', 'BlueWater']

function parseStore(value: string | null): StoreKey {
  return STORE_KEYS.find((key) => key === value) ?? 'Lindsey'
}

/** 'Leafly' for https://www.leafly.com/…, 'Weedmaps' for https://weedmaps.com/… */
function serviceName(url: string): string {
  try {
    const host = new URL(url).hostname.replace(/^www\./, '')
    const name = host.split('.').slice(-2, -1)[0] ?? host
    return name.charAt(0).toUpperCase() + name.slice(1)
  } catch {
    return 'the listing service'
  }
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { Lindsey, BlueWater } = settingsOf(matches).stores
  return pageMeta(matches, {
    title: 'Patient Reviews',
    description: `Read what patients say about ${Lindsey.name} and ${BlueWater.name}, see each store’s overall rating, and leave a review of your own.`,
    path: '/reviews',
  })
}

export async function loader({ request }: Route.LoaderArgs) {
  const store = parseStore(new URL(request.url).searchParams.get('store'))
  const [reviews, settings] = await Promise.all([listReviews(store), getSettings()])
  const facts = settings.stores[store]
  // Made here, so the page's script does not carry the structured-data code.
  const structuredData = jsonLd(
    storeJsonLd(facts, {
      siteUrl: config().SITE_URL,
      type: 'LocalBusiness',
      aggregateRating:
        facts.review_count > 0 ? { ratingValue: facts.rating, reviewCount: facts.review_count } : undefined,
    }),
  )
  return { store, reviews, structuredData }
}

function tabLabel(key: StoreKey, store: StoreFacts) {
  return key === 'Lindsey' ? store.street.replace(/^\d+\s+((North|South|East|West)\s+)?/, '') : store.name
}

/** Arrow keys, Home and End move between the store tabs (both stay reachable with Tab without JavaScript). */
function switchTabWithArrows(event: React.KeyboardEvent<HTMLElement>) {
  const tabs = Array.from(event.currentTarget.querySelectorAll<HTMLAnchorElement>('[role="tab"]'))
  const current = tabs.indexOf(document.activeElement as HTMLAnchorElement)
  if (current < 0) return
  const last = tabs.length - 1
  const next =
    event.key === 'ArrowRight'
      ? current === last
        ? 0
        : current + 1
      : event.key === 'ArrowLeft'
        ? current === 0
          ? last
          : current - 1
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? last
            : -1
  if (next < 0) return
  event.preventDefault()
  tabs[next].focus()
  tabs[next].click()
}

export default function Reviews({ loaderData }: Route.ComponentProps) {
  const settings = useSettings()
  const { store: selected, reviews } = loaderData
  const store = settings.stores[selected]
  const listing = serviceName(store.listing_url)
  const ratingSource = serviceName(store.rating_source_url)
  // The structured data (made by the loader) states the rating only when the page shows it (with its source).
  const showsRating = store.review_count > 0
  const panelId = 'store-reviews-panel'
  const buttonBase = 'inline-flex items-center justify-center gap-2 rounded-full px-5 py-3 font-semibold shadow-sm'

  return (
    <main>
      <PageHeader eyebrow="Patient Reviews" title="What Our Patients Say">
        <p>
          Norman patients share their visits with us. Here are a few favourites, followed by each store’s overall rating
          and latest reviews.
        </p>
      </PageHeader>

      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
        <section aria-labelledby="highlights-heading">
          <h2 id="highlights-heading" className="text-3xl font-semibold text-brand-900">
            Highlights
          </h2>
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {HIGHLIGHT_REVIEWS.map((review) => (
              <li key={review.author}>
                <figure className="flex h-full flex-col gap-4 rounded-3xl border border-cream-200 bg-white p-6 shadow-sm">
                  <StarRating rating={review.rating} />
                  <blockquote className="flex-1 text-ink-900">
                    <p>“{review.quote}”</p>
                  </blockquote>
                  <figcaption className="text-sm text-ink-600">
                    <span className="font-semibold text-ink-900">{review.author}</span> on {review.source}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="store-reviews-heading" className="mt-14">
          <h2 id="store-reviews-heading" className="text-3xl font-semibold text-brand-900">
            Reviews by store
          </h2>
          {/* The tabs take the focus (one at a time); the list only hears their arrow keys. */}
          {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus */}
          <div
            role="tablist"
            aria-label="Choose a store"
            onKeyDown={switchTabWithArrows}
            className="mt-6 inline-flex max-w-full gap-1 rounded-full bg-cream-200 p-1"
          >
            {STORE_KEYS.map((key) => {
              const active = key === selected
              return (
                <Link
                  key={key}
                  id={`tab-${key}`}
                  role="tab"
                  aria-selected={active}
                  aria-controls={panelId}
                  to={`?store=${key}`}
                  replace
                  preventScrollReset
                  className={`rounded-full px-5 py-2.5 text-center font-semibold whitespace-nowrap ${
                    active ? 'bg-brand-800 text-cream-50 shadow' : 'text-ink-700 hover:bg-cream-100 hover:text-ink-900'
                  }`}
                >
                  {tabLabel(key, settings.stores[key])}
                </Link>
              )
            })}
          </div>

          <div id={panelId} role="tabpanel" aria-labelledby={`tab-${selected}`} tabIndex={-1} className="mt-6">
            <div className="flex flex-col gap-4 rounded-3xl bg-brand-900 p-6 text-cream-50 sm:flex-row sm:items-center sm:justify-between sm:p-8">
              <div>
                <h3 className="text-2xl font-semibold">{store.name}</h3>
                <p className="text-cream-100">
                  {store.street}, {store.city}, {store.region}
                </p>
                {showsRating ? (
                  <p className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-cream-100">
                    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 text-accent-400" fill="currentColor">
                      <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z" />
                    </svg>
                    <span>
                      <strong className="font-semibold text-cream-50">{store.rating.toFixed(1)} out of 5</strong> from{' '}
                      {store.review_count.toLocaleString('en-US')} reviews on{' '}
                      <ExternalLink
                        href={store.rating_source_url}
                        className="font-semibold text-cream-50 underline underline-offset-4 hover:text-accent-300"
                      >
                        {ratingSource}
                      </ExternalLink>
                    </span>
                  </p>
                ) : null}
              </div>
              <div className="flex flex-col gap-3 sm:flex-row">
                <TapLink
                  to={store.review_url}
                  tap="review"
                  store={selected}
                  newTab
                  className={`${buttonBase} bg-accent-400 text-ink-900 hover:bg-accent-300`}
                >
                  Write a Review<span className="sr-only"> for {store.name}</span>
                </TapLink>
                <ExternalLink
                  href={store.listing_url}
                  className={`${buttonBase} border-2 border-cream-100 text-cream-50 hover:bg-brand-800`}
                >
                  View on {listing}
                </ExternalLink>
              </div>
            </div>

            {reviews.length === 0 ? (
              <p className="mt-6 rounded-3xl border border-dashed border-cream-300 bg-white px-6 py-10 text-center text-ink-700">
                No reviews for {store.name} here yet. Read more on {listing}, or be the first to write one!
              </p>
            ) : (
              <ul className="mt-6 grid gap-5 md:grid-cols-2">
                {reviews.map((review) => (
                  <li key={review.id}>
                    <figure className="flex h-full flex-col gap-3 rounded-3xl border border-cream-200 bg-white p-6 shadow-sm">
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <StarRating rating={review.rating} />
                        <time dateTime={review.review_date} className="text-sm text-ink-600">
                          {formatShortDate(review.review_date)}
                        </time>
                      </div>
                      <ReviewQuote quote={review.quote} />
                      <figcaption className="mt-auto text-sm text-ink-600">
                        <span className="font-semibold text-ink-900">{review.author}</span>
                        {review.source ? ` on ${review.source}` : null}
                      </figcaption>
                    </figure>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>
      </div>

      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{
          __html: loaderData.structuredData,
        }}
      />
    </main>
  )
}
