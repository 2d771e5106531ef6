import { TapLink } from '~/components/site/TapLink'
import { pageMeta } from '~/lib/seo'
import { useSettings } from '~/root-data'

import type { Route } from './+types/live-menu'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Live Menu',
    description:
      'Shop our live menu: see what is in stock today, order online and pick up curbside at our medical dispensary in Norman, Oklahoma.',
    path: '/live-menu',
  })

export default function LiveMenu() {
  const { brand_name, live_menu_url } = useSettings()
  const openLink = (
    <TapLink
      to={live_menu_url}
      tap="live-menu"
      newTab="said"
      className="inline-flex items-center gap-2 rounded-full bg-accent-400 px-5 py-2.5 font-semibold text-ink-900 shadow-sm hover:bg-accent-300"
    >
      Open the full menu in a new tab
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M8 4H4v12h12v-4M11 3h6v6M17 3l-8 8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </TapLink>
  )
  return (
    <main className="flex flex-col">
      <div className="border-b border-brand-900 bg-brand-900 text-cream-50">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <div>
            <h1 className="text-2xl font-semibold">Live Menu</h1>
            <p className="text-sm text-cream-100">
              In-stock products and today’s prices. Order online, then pick up curbside. A medical card is required for
              every visit.
            </p>
          </div>
          {openLink}
        </div>
      </div>
      <noscript>
        <p className="mx-auto max-w-6xl px-4 py-4 text-ink-900 sm:px-6">
          The menu below needs JavaScript.{' '}
          <TapLink to={live_menu_url} tap="live-menu" newTab className="font-semibold text-brand-700 underline">
            Open the {brand_name} live menu on the menu provider’s site
          </TapLink>
          .
        </p>
      </noscript>
      <iframe
        title={`${brand_name} live menu`}
        src={live_menu_url}
        className="block h-[calc(100dvh-4rem)] min-h-[36rem] w-full border-0 bg-white"
        allow="geolocation; clipboard-write"
      />
    </main>
  )
}
