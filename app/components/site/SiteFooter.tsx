import { Link } from 'react-router'

import { TapLink } from '~/components/site/TapLink'
import type { StoreKey } from '~/db/types'
import { staticImageUrl } from '~/lib/static-images'
import type { HoursInShort } from '~/lib/store-hours'
import { formatPhone, telHref } from '~/lib/tel-href'
import { yearInStore } from '~/lib/time'
import type { SiteSettings } from '~/schemas/settings'

import { AddressLines } from './AddressLines'
import { SocialLinks } from './SiteLinks'

const QUICK_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About Us' },
  { to: '/locations', label: 'Locations' },
  { to: '/deals', label: 'Deals' },
  { to: '/live-menu', label: 'Live Menu' },
  { to: '/brands', label: 'Brands' },
]

const INFO_LINKS = [
  { to: '/blog', label: 'Blog' },
  { to: '/reviews', label: 'Reviews' },
  { to: '/contact', label: 'Contact' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/privacy', label: 'Privacy Policy' },
]

const linkClass = 'rounded text-cream-100 underline-offset-4 hover:text-accent-300 hover:underline'

/** The site footer: store address and phone, the sister store, quick and information links, feeds, Admin links. */
export function SiteFooter({
  settings,
  hours,
  signedIn,
}: {
  settings: SiteSettings
  hours: Record<StoreKey, HoursInShort>
  signedIn: boolean
}) {
  const store = settings.stores.Lindsey
  const sister = settings.stores.BlueWater
  // The store's year, not the server's (UTC in production): the same on the server and in the browser.
  const year = yearInStore()
  return (
    <footer className="mt-16 bg-brand-900 text-cream-100">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-14 sm:px-6 lg:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div className="col-span-2 sm:col-span-1">
          <Link to="/" className="inline-flex items-center gap-3 rounded-lg">
            <img
              src={staticImageUrl('/images/logo.svg')}
              alt=""
              width={48}
              height={48}
              className="size-12 rounded-full bg-cream-50"
            />
            <span className="font-display text-xl font-semibold text-cream-50">{settings.brand_name}</span>
          </Link>
          <p className="mt-4 max-w-sm text-sm leading-relaxed">
            A neighbourhood medical marijuana dispensary in Norman, Oklahoma. A medical card is required for every
            visit.
          </p>
          <SocialLinks
            settings={settings}
            className="mt-5 flex gap-2"
            linkClassName="flex size-10 items-center justify-center rounded-full bg-brand-800 text-cream-50 hover:bg-brand-700"
          />
        </div>

        <div className="col-span-2 sm:col-span-1">
          <h2 className="font-sans text-sm font-semibold tracking-wider text-accent-300 uppercase">Visit us</h2>
          <address className="mt-4 text-sm leading-relaxed not-italic">
            <AddressLines store={store} nameClassName="block font-semibold text-cream-50" />
            <TapLink
              to={telHref(store.phone)}
              tap="call"
              store="Lindsey"
              className={`mt-2 inline-block font-semibold ${linkClass}`}
            >
              Call {formatPhone(store.phone)}
            </TapLink>
          </address>
          <p className="mt-3 text-sm font-medium text-cream-50">{hours.Lindsey.footer}</p>
          <p className="mt-4 text-sm">
            Sister store:{' '}
            {sister.website_url ? (
              <a
                href={sister.website_url}
                target="_blank"
                rel="noopener noreferrer"
                className={`font-semibold ${linkClass}`}
              >
                {sister.name} on {sister.street}
              </a>
            ) : (
              <Link to="/locations" className={`font-semibold ${linkClass}`}>
                {sister.name} on {sister.street}
              </Link>
            )}
            <span className="mt-1 block">
              <TapLink to={telHref(sister.phone)} tap="call" store="BlueWater" className={linkClass}>
                Call {formatPhone(sister.phone)}
              </TapLink>
              {' · '}
              {hours.BlueWater.late ?? hours.BlueWater.open}
            </span>
          </p>
        </div>

        <nav aria-label="Quick links">
          <h2 className="font-sans text-sm font-semibold tracking-wider text-accent-300 uppercase">Quick links</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {QUICK_LINKS.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={linkClass}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-label="Information">
          <h2 className="font-sans text-sm font-semibold tracking-wider text-accent-300 uppercase">Information</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {INFO_LINKS.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={linkClass}>
                  {item.label}
                </Link>
              </li>
            ))}
            <li>
              <a href="/api/blog-rss" className={linkClass}>
                RSS Feed
              </a>
            </li>
            <li>
              <a href="/api/blog-sitemap" className={linkClass}>
                Sitemap
              </a>
            </li>
            {signedIn ? (
              <li>
                <Link to="/admin" className={linkClass}>
                  Admin
                </Link>
              </li>
            ) : null}
          </ul>
        </nav>
      </div>
      <div className="border-t border-brand-700/60">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-5 text-xs text-cream-200 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>
            © {year} {settings.brand_name} · All rights reserved ·{' '}
            <Link to="/admin" className="text-cream-200 underline-offset-2 hover:text-accent-300 hover:underline">
              Admin
            </Link>
          </p>
          <p>
            Oklahoma medical marijuana dispensary · {store.city}, {store.region}
          </p>
        </div>
      </div>
    </footer>
  )
}
