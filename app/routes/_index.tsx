import { HomeBelowFold } from '~/components/home/HomeBelowFold'
import { socialLinks } from '~/components/site/nav'
import { buttonOutlineLight, buttonPrimary } from '~/components/site/styles'
import { TapLink } from '~/components/site/TapLink'
import { CATEGORY_CHIPS } from '~/content/highlights'
import { jsonLd, pageMeta, settingsOf, siteJsonLd } from '~/lib/seo'
import { staticImageUrl } from '~/lib/static-images'
import { formatPhone, hoursPhrase } from '~/lib/store-hours'
import { listFeaturedBrands } from '~/models/brands.server'
import { listLatestPosts } from '~/models/posts.server'
import { uploadSizes } from '~/models/uploads.server'
import { useSettings, useSiteUrl } from '~/root-data'

import type { Route } from './+types/_index'

export async function loader() {
  // On error a section (latest posts, brands) simply renders nothing.
  const [posts, brands] = await Promise.all([
    listLatestPosts(3).catch((error: unknown) => {
      console.error('Home page: latest posts could not be loaded', error)
      return []
    }),
    listFeaturedBrands().catch((error: unknown) => {
      console.error('Home page: featured brands could not be loaded', error)
      return []
    }),
  ])
  // Logos without a known size (a file in public/brands, or on error) keep a reserved 2:1 box.
  const sizes = await uploadSizes(brands.map((brand) => brand.logo_url)).catch(
    (): Awaited<ReturnType<typeof uploadSizes>> => ({}),
  )
  return {
    posts,
    brands: brands.map(({ id, name, logo_url }) => ({ id, name, logo_url, logo_size: sizes[logo_url] ?? null })),
  }
}

/**
 * After a client-side navigation (the deals page's "Shop These Deals" goes to
 * `/#menu`) the page waits for its lower sections' code as well, so it arrives
 * whole. Rendered without them, the page was shorter than the distance already
 * scrolled; the browser held the old scroll position and, when they came,
 * showed the middle of the page instead of the menu.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), HomeBelowFold.preload()])
  return data
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const store = settingsOf(matches).stores.Lindsey
  return pageMeta(matches, {
    title: null,
    description: `Medical marijuana dispensary at ${store.street}, ${store.city}, ${store.region} with over 1,000 products, open ${hoursPhrase(store.hours)}. Call ${formatPhone(store.phone)}. Cash with an ATM on site, price match and loyalty points. A medical card is required for every visit.`,
    path: '/',
  })
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const settings = useSettings()
  const siteUrl = useSiteUrl()
  const store = settings.stores.Lindsey
  const { posts, brands } = loaderData

  return (
    <main>
      {/* 1. Welcome banner */}
      <section aria-label="Welcome" className="bg-accent-100 text-center text-sm text-ink-900">
        <p className="mx-auto max-w-7xl px-4 py-2.5 sm:px-6">
          <span className="font-semibold">Welcome to {settings.brand_name}!</span> First-time patients save 15% on their
          entire purchase.
        </p>
      </section>

      {/* 2. Hero */}
      <section className="relative overflow-hidden bg-brand-900 text-cream-50">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:px-6 md:py-16 lg:grid-cols-[1.05fr_1fr] lg:py-20">
          <div>
            <p className="text-sm font-semibold tracking-wider text-accent-300 uppercase">
              Medical marijuana dispensary · {store.city}, {store.region}
            </p>
            <h1 className="mt-3 text-4xl leading-tight font-semibold sm:text-5xl lg:text-6xl">{settings.brand_name}</h1>
            <p className="mt-5 max-w-xl text-lg text-cream-100">
              Your neighbourhood dispensary at {store.street}: over 1,000 products, friendly budtenders and prices we
              match. A medical card is required for every visit.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <TapLink to="/live-menu" tap="live-menu" className={buttonPrimary}>
                Shop Live Menu
              </TapLink>
              <TapLink to={store.directions_url} tap="directions" store="Lindsey" newTab className={buttonOutlineLight}>
                Get Directions
              </TapLink>
            </div>
          </div>
          <img
            src={staticImageUrl('/images/hero.svg')}
            alt={`The storefront of ${settings.brand_name} on a sunny Oklahoma afternoon`}
            width={1600}
            height={900}
            fetchPriority="high"
            decoding="async"
            className="w-full rounded-3xl shadow-2xl ring-1 ring-cream-50/10"
          />
        </div>
      </section>

      {/* 3. Category chips */}
      <section id="menu" aria-labelledby="menu-title" className="scroll-mt-24 border-b border-cream-200 bg-cream-100">
        <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
          <h2 id="menu-title" className="text-center text-2xl font-semibold text-brand-900 sm:text-3xl">
            Shop by Category
          </h2>
          <ul className="mt-6 flex flex-wrap justify-center gap-3">
            {CATEGORY_CHIPS.map((chip) => (
              <li key={chip}>
                <TapLink
                  to="/live-menu"
                  tap="live-menu"
                  className="inline-block rounded-full border border-brand-800/20 bg-white px-5 py-2.5 font-medium text-brand-900 shadow-sm hover:border-brand-700 hover:bg-brand-50"
                >
                  {chip}
                </TapLink>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {/* 4–11: below the fold on every screen; its code loads when it nears the screen. */}
      <HomeBelowFold settings={settings} posts={posts} brands={brands} />

      {siteUrl ? (
        <script
          type="application/ld+json"
          dangerouslySetInnerHTML={{
            __html: jsonLd(
              siteJsonLd({
                siteUrl,
                brandName: settings.brand_name,
                telephone: formatPhone(store.phone),
                sameAs: socialLinks(settings).map((link) => link.href),
              }),
            ),
          }}
        />
      ) : null}
    </main>
  )
}
