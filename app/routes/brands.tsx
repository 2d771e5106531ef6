import { useEffect, useRef } from 'react'
import { Form, Link, useNavigation, useSubmit } from 'react-router'

import { PageHeader } from '~/components/site/PageHeader'
import { ResponsiveImage } from '~/components/ui/ResponsiveImage'
import { pageMeta } from '~/lib/seo'
import { listBrandsFeaturedFirst } from '~/models/brands.server'
import { uploadSizes } from '~/models/uploads.server'

import type { Route } from './+types/brands'

/** Longer search text is cut: no brand name is anywhere near this long. */
const MAX_QUERY = 100

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Brands We Carry',
    description:
      'Browse the cannabis brands on our shelves in Norman, Oklahoma: Oklahoma-grown flower, edibles, concentrates and vapes from growers and processors we trust.',
    path: '/brands',
  })

export async function loader({ request }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY)
  const brands = await listBrandsFeaturedFirst({ q })
  const sizes = await uploadSizes(brands.map((brand) => brand.logo_url))
  return {
    q,
    brands: brands.map(({ id, name, logo_url, site_url, is_featured }) => ({
      id,
      name,
      logo_url,
      logo_size: sizes[logo_url] ?? null,
      site_url,
      is_featured: is_featured === 1,
    })),
  }
}

const SEARCH_DELAY_MS = 300

export default function Brands({ loaderData }: Route.ComponentProps) {
  const { q, brands } = loaderData
  const submit = useSubmit()
  const navigation = useNavigation()
  const inputRef = useRef<HTMLInputElement>(null)
  const timer = useRef<number | undefined>(undefined)
  const searching = navigation.state === 'loading' && navigation.location?.pathname === '/brands'

  // Keep the box in step with the address (back/forward) unless someone is typing in it.
  useEffect(() => {
    const input = inputRef.current
    if (input && document.activeElement !== input && input.value !== q) input.value = q
  }, [q])

  useEffect(() => () => window.clearTimeout(timer.current), [])

  function filterAsYouType(form: HTMLFormElement) {
    window.clearTimeout(timer.current)
    timer.current = window.setTimeout(() => {
      const value = new FormData(form).get('q')
      const text = typeof value === 'string' ? value.trim() : ''
      submit(text ? { q: text.slice(0, MAX_QUERY) } : {}, {
        method: 'get',
        action: '/brands',
        replace: true,
        preventScrollReset: true,
      })
    }, SEARCH_DELAY_MS)
  }

  return (
    <main>
      <PageHeader eyebrow="On our shelves" title="Our Brands">
        <p>
          We stock Oklahoma growers and processors we know and trust. Search for a favourite, or tap a logo to learn
          more about the people behind it.
        </p>
      </PageHeader>

      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
        <Form
          method="get"
          action="/brands"
          role="search"
          className="flex max-w-xl flex-col gap-2"
          onChange={(event) => filterAsYouType(event.currentTarget)}
          onSubmit={() => window.clearTimeout(timer.current)}
        >
          <label htmlFor="brand-search" className="font-semibold text-ink-900">
            Search brands
          </label>
          <div className="flex gap-2">
            <input
              ref={inputRef}
              id="brand-search"
              type="search"
              name="q"
              defaultValue={q}
              maxLength={MAX_QUERY}
              autoComplete="off"
              placeholder="e.g. Prairie Gold"
              className="min-w-0 flex-1 rounded-full border border-cream-300 bg-white px-5 py-3 text-ink-900 shadow-sm placeholder:text-ink-500 focus:border-brand-500"
            />
            <button
              type="submit"
              className="rounded-full bg-brand-800 px-6 py-3 font-semibold text-cream-50 hover:bg-brand-700"
            >
              Search
            </button>
          </div>
        </Form>

        <div aria-live="polite" className="mt-4 min-h-6 text-ink-600">
          {q ? (
            <p>
              {brands.length === 1 ? '1 brand' : `${brands.length} brands`} matching “{q}”.{' '}
              <Link to="/brands" replace className="font-semibold text-brand-700 underline underline-offset-4">
                Show all brands
              </Link>
            </p>
          ) : null}
        </div>

        {brands.length === 0 ? (
          <div className="mt-6 rounded-3xl border border-dashed border-cream-300 bg-white px-6 py-14 text-center">
            <p className="text-lg font-semibold text-ink-900">
              {q ? 'No brands found matching your search.' : 'Our brand list is being updated. Check back soon!'}
            </p>
            {q ? <p className="mt-2 text-ink-600">Try a shorter name, or ask a budtender in the store.</p> : null}
          </div>
        ) : (
          <ul
            aria-label="Brands"
            aria-busy={searching}
            className={`mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 ${searching ? 'opacity-70' : ''}`}
          >
            {brands.map((brand) => {
              const card = (
                <>
                  <span className="flex aspect-[2/1] items-center justify-center rounded-2xl bg-cream-50 p-3">
                    <ResponsiveImage
                      src={brand.logo_url}
                      size={brand.logo_size}
                      fallbackSize={{ width: 240, height: 120 }}
                      alt={`${brand.name} logo`}
                      sizes="(min-width: 1024px) 260px, (min-width: 640px) 30vw, 45vw"
                      pictureClassName="contents"
                      className="h-full w-full object-contain"
                    />
                  </span>
                  <span className="mt-3 block text-center font-semibold text-ink-900">{brand.name}</span>
                  {brand.is_featured ? (
                    <span className="mx-auto mt-2 flex w-fit items-center gap-1 rounded-full bg-accent-100 px-3 py-0.5 text-xs font-semibold text-ink-900">
                      <span aria-hidden="true">★</span> Featured
                    </span>
                  ) : null}
                </>
              )
              return (
                <li key={brand.id}>
                  {brand.site_url ? (
                    <a
                      href={brand.site_url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="block h-full rounded-3xl border border-cream-200 bg-white p-4 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md"
                    >
                      {card}
                      <span className="sr-only"> (opens the brand’s website in a new tab)</span>
                    </a>
                  ) : (
                    <div className="h-full rounded-3xl border border-cream-200 bg-white p-4 shadow-sm">{card}</div>
                  )}
                </li>
              )
            })}
          </ul>
        )}
      </div>
    </main>
  )
}
