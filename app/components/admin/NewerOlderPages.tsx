import { Link } from 'react-router'

import { adminStyles } from './adminStyles'

/**
 * "← Newer" and "Older →" under a list shown newest first, a page at a time
 * (nothing when it fits on one page). Plain links, so they work without
 * JavaScript; `hrefFor` keeps the list's search and filters in each address.
 */
export function NewerOlderPages({
  label,
  page,
  pageCount,
  hrefFor,
}: {
  /** the navigation's name, e.g. "Pages of activity" */
  label: string
  page: number
  pageCount: number
  hrefFor: (page: number) => string
}) {
  if (pageCount <= 1) return null
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={adminStyles.secondary} rel="prev">
          ← Newer
        </Link>
      ) : (
        <span />
      )}
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={adminStyles.secondary} rel="next">
          Older →
        </Link>
      ) : null}
    </nav>
  )
}
