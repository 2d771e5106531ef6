import { Link } from 'react-router'

import { AddressLines } from '~/components/site/AddressLines'
import { Icon } from '~/components/site/Icon'
import { buttonOutlineLight, buttonPrimary, sectionTitle } from '~/components/site/styles'
import { TapLink } from '~/components/site/TapLink'
import { LightboxGallery } from '~/components/ui/Lightbox'
import { differences, FEATURE_TILES, FIRST_TIME_STEPS, PRODUCT_CATEGORIES } from '~/content/about'
import { GALLERY } from '~/content/gallery'
import { formatPhone, telHref } from '~/lib/tel-href'
import type { SiteSettings, StoreFacts } from '~/schemas/settings'
import { WEEKDAYS } from '~/schemas/weekdays'

function formatTime(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number)
  if (h === 0 && m === 0) return 'Midnight'
  const suffix = h >= 12 ? 'PM' : 'AM'
  const hour = h % 12 === 0 ? 12 : h % 12
  return m === 0 ? `${hour} ${suffix}` : `${hour}:${String(m).padStart(2, '0')} ${suffix}`
}

/** 'Daily 9 AM – 10 PM' when every day matches, otherwise one line per day. */
function hoursLines(store: StoreFacts): string[] {
  const days = WEEKDAYS.map((day) => store.hours[day])
  const text = (d: (typeof days)[number]) => (d.closed ? 'Closed' : `${formatTime(d.opens)} – ${formatTime(d.closes)}`)
  if (days.every((d) => text(d) === text(days[0]))) return [`Daily: ${text(days[0])}`]
  return WEEKDAYS.map((day, i) => `${day[0].toUpperCase()}${day.slice(1)}: ${text(days[i])}`)
}

/** The About page below its first screen: the gallery, features, products, visiting details and the closing call. */
export function AboutSections({ settings }: { settings: SiteSettings }) {
  const store = settings.stores.Lindsey
  return (
    <>
      {/* Inside the Shop */}
      <section aria-labelledby="gallery-title" className="bg-cream-100 py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <h2 id="gallery-title" className={sectionTitle}>
            Inside the Shop
          </h2>
          <p className="mt-2 text-ink-700">Select a photo to see it larger.</p>
          <div className="mt-8">
            <LightboxGallery images={GALLERY} />
          </div>
        </div>
      </section>

      {/* Six feature tiles */}
      <section aria-labelledby="features-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="features-title" className={`text-center ${sectionTitle}`}>
          Why patients choose us
        </h2>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURE_TILES.map((tile) => (
            <li key={tile.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-cream-200">
              <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon name={tile.icon} />
              </span>
              <h3 className="mt-4 text-xl font-semibold text-brand-900">{tile.title}</h3>
              <p className="mt-1 text-ink-700">{tile.text}</p>
            </li>
          ))}
        </ul>
      </section>

      {/* What Makes Us Different */}
      <section aria-labelledby="different-title" className="bg-brand-800 py-16 text-cream-50">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <h2 id="different-title" className="text-3xl font-semibold sm:text-4xl">
            What Makes Us Different
          </h2>
          <ul className="mt-8 grid gap-x-8 gap-y-6 sm:grid-cols-2 lg:grid-cols-3">
            {differences(store).map((item) => (
              <li key={item.title} className="border-l-4 border-accent-400 pl-4">
                <h3 className="text-lg font-semibold">{item.title}</h3>
                <p className="mt-1 text-cream-100">{item.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {/* Products We Carry + First-Time Customers */}
      <section className="mx-auto grid max-w-7xl gap-6 px-4 py-16 sm:px-6 lg:grid-cols-2">
        <div
          aria-labelledby="products-title"
          role="region"
          className="rounded-3xl bg-white p-8 shadow-sm ring-1 ring-cream-200"
        >
          <h2 id="products-title" className="text-2xl font-semibold text-brand-900 sm:text-3xl">
            Products We Carry
          </h2>
          <p className="mt-3 text-ink-700">
            Over 1,000 products across every category our patients ask for, restocked daily:
          </p>
          <ul className="mt-5 flex flex-wrap gap-2">
            {PRODUCT_CATEGORIES.map((category) => (
              <li key={category} className="rounded-full bg-brand-50 px-4 py-1.5 font-medium text-brand-900 capitalize">
                {category}
              </li>
            ))}
          </ul>
        </div>
        <div
          aria-labelledby="first-time-title"
          role="region"
          className="rounded-3xl bg-accent-100 p-8 ring-1 ring-accent-300"
        >
          <h2 id="first-time-title" className="text-2xl font-semibold text-brand-900 sm:text-3xl">
            First-Time Customers
          </h2>
          <ol className="mt-5 space-y-3">
            {FIRST_TIME_STEPS.map((step, index) => (
              <li key={step} className="flex gap-3 text-ink-900">
                <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-800 text-sm font-semibold text-cream-50">
                  {index + 1}
                </span>
                <span>{step}</span>
              </li>
            ))}
          </ol>
        </div>
      </section>

      {/* Visit Us */}
      <section aria-labelledby="visit-title" className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="grid gap-8 rounded-3xl bg-white p-8 shadow-sm ring-1 ring-cream-200 md:grid-cols-2">
          <div>
            <h2 id="visit-title" className="text-2xl font-semibold text-brand-900 sm:text-3xl">
              Visit Us
            </h2>
            <address className="mt-4 space-y-1 text-lg not-italic">
              <AddressLines store={store} />
            </address>
            <p className="mt-4">
              <TapLink
                to={telHref(store.phone)}
                tap="call"
                store="Lindsey"
                className="inline-flex items-center gap-2 font-semibold text-brand-700 hover:underline"
              >
                <Icon name="phone" className="size-5" />
                Call {formatPhone(store.phone)}
              </TapLink>
            </p>
            <p className="mt-2">
              <TapLink
                to={store.directions_url}
                tap="directions"
                store="Lindsey"
                newTab
                className="inline-flex items-center gap-2 font-semibold text-brand-700 hover:underline"
              >
                <Icon name="pin" className="size-5" />
                Get Directions
              </TapLink>
            </p>
          </div>
          <div>
            <h3 className="text-lg font-semibold text-brand-900">Hours</h3>
            <ul className="mt-2 space-y-1 text-ink-700">
              {hoursLines(store).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p className="mt-4 text-ink-700">
              Cash only, with an ATM on site. A medical card is required for every visit.
            </p>
          </div>
        </div>
      </section>

      {/* Closing call to action */}
      <section aria-labelledby="about-cta-title" className="mx-auto mt-16 max-w-7xl px-4 sm:px-6">
        <div className="rounded-3xl bg-brand-900 px-6 py-12 text-center text-cream-50 sm:px-12">
          <h2 id="about-cta-title" className="text-3xl font-semibold sm:text-4xl">
            Ready for your visit?
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-cream-100">
            See this month’s deals, or browse the full menu and order ahead.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/deals" className={buttonPrimary}>
              See Our Deals
            </Link>
            <TapLink to={settings.live_menu_url} tap="live-menu" newTab className={buttonOutlineLight}>
              Browse the Live Menu
            </TapLink>
          </div>
        </div>
      </section>
    </>
  )
}
