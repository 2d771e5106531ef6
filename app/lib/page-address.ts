/**
 * What makes one public page different from another at the same path: only
 * the query parameters that page reads. Everything else a link may carry
 * (utm_source, fbclid, gclid, a crawler's junk) changes nothing on the page,
 * so the page cache keeps one copy for all of them and the page never writes
 * them back into itself (the age gate's return address, links, canonical).
 *
 * Pure, no imports. The server reads it for the cache key and for the age
 * gate's return address (sent with the root's data, so the browser carries no
 * copy of these rules).
 */

type Normalise = (value: string) => string | null

/** A page number as the lists read it: digits only, 1 (the default) written as nothing. */
const pageNumber: Normalise = (value) => {
  if (!/^\d{1,9}$/.test(value)) return null
  const page = Math.max(1, Number(value))
  return page === 1 ? null : String(page)
}

/** A search as a list runs it: trimmed and cut to its longest (200 on the blog, 100 on brands); empty is none. */
const searchUpTo =
  (longest: number): Normalise =>
  (value) =>
    value.trim().slice(0, longest) || null

/** The reviews page's store: the second store's key; the first store is the default. */
const secondStore: Normalise = (value) => (value === 'BlueWater' ? value : null)

/** Every page: `preview=1` shows the age gate to a visitor who already passed it. */
const GATE_PREVIEW: [string, Normalise] = ['preview', (value) => (value === '1' ? value : null)]

/** Which pages read which parameters, in the order they are written into the key. */
const PAGE_PARAMETERS: { path: RegExp; read: [string, Normalise][] }[] = [
  {
    path: /^\/blog$/,
    read: [
      ['q', searchUpTo(200)],
      ['page', pageNumber],
    ],
  },
  { path: /^\/blog\/(?:category|tag)\/[^/]+$/, read: [['page', pageNumber]] },
  { path: /^\/brands$/, read: [['q', searchUpTo(100)]] },
  { path: /^\/reviews$/, read: [['store', secondStore]] },
]

/**
 * The query string that tells this page apart: the parameters `pathname`
 * reads, in a fixed order, each in its normal form (the first value when one is
 * repeated; defaults and empty values dropped). '' when nothing is left.
 */
export function pageQuery(pathname: string, search: string): string {
  const params = new URLSearchParams(search)
  const read = [...(PAGE_PARAMETERS.find((page) => page.path.test(pathname))?.read ?? []), GATE_PREVIEW]
  const kept = new URLSearchParams()
  for (const [name, normalise] of read) {
    const value = params.get(name)
    const normal = value === null ? null : normalise(value)
    if (normal !== null) kept.set(name, normal)
  }
  const query = kept.toString()
  return query ? `?${query}` : ''
}

/** The page's own address: its path and the query it reads (see pageQuery). */
export function pageAddress(pathname: string, search: string): string {
  return `${pathname}${pageQuery(pathname, search)}`
}
