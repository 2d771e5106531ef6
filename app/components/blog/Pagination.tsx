import { Link } from 'react-router'

/** Pages to show: first, last, and the current one with its neighbours; gaps as null. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount))
  const sorted = [...wanted].sort((a, b) => a - b)
  const out: (number | null)[] = []
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push(null)
    out.push(p)
  })
  return out
}

/**
 * Previous / numbered / Next links (work without JavaScript). Rendered only when
 * there is more than one page; Previous is disabled on page 1 and Next on the last.
 */
export function Pagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number
  pageCount: number
  hrefFor: (page: number) => string
}) {
  if (pageCount <= 1) return null
  const base =
    'inline-flex min-h-11 min-w-11 items-center justify-center rounded-full px-4 text-sm font-semibold transition-colors'
  const enabled = `${base} border border-cream-300 bg-white text-ink-900 hover:border-brand-600 hover:text-brand-800`
  const disabled = `${base} border border-cream-200 bg-cream-100 text-ink-500 cursor-not-allowed`
  return (
    <nav aria-label="Pagination" className="mt-12 flex flex-col items-center gap-4">
      <p className="text-sm text-ink-600">
        Page {page} of {pageCount}
      </p>
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} rel="prev" className={enabled}>
              <span aria-hidden="true">←&nbsp;</span>Previous
            </Link>
          ) : (
            // A link with nowhere to go: no address, announced as a disabled link.
            // eslint-disable-next-line jsx-a11y/anchor-is-valid
            <a role="link" aria-disabled="true" className={disabled}>
              <span aria-hidden="true">←&nbsp;</span>Previous
            </a>
          )}
        </li>
        {pageWindow(page, pageCount).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="hidden px-1 text-ink-500 sm:block">
              …
            </li>
          ) : (
            <li key={p} className="hidden sm:block">
              <Link
                to={hrefFor(p)}
                aria-label={`Page ${p}`}
                aria-current={p === page ? 'page' : undefined}
                className={
                  p === page
                    ? `${base} bg-brand-800 text-cream-50`
                    : `${base} text-ink-700 hover:bg-cream-100 hover:text-brand-800`
                }
              >
                {p}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link to={hrefFor(page + 1)} rel="next" className={enabled}>
              Next<span aria-hidden="true">&nbsp;→</span>
            </Link>
          ) : (
            // A link with nowhere to go: no address, announced as a disabled link.
            // eslint-disable-next-line jsx-a11y/anchor-is-valid
            <a role="link" aria-disabled="true" className={disabled}>
              Next<span aria-hidden="true">&nbsp;→</span>
            </a>
          )}
        </li>
      </ul>
    </nav>
  )
}

/** `/blog?q=…&page=n` (page 1 and an empty search are left out of the address). */
export function listHref(path: string, page: number, q?: string): string {
  const params = new URLSearchParams()
  if (q) params.set('q', q)
  if (page > 1) params.set('page', String(page))
  const query = params.toString()
  return query ? `${path}?${query}` : path
}
