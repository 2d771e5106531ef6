/**
 * The page address a request is for. A browser that moves between pages
 * without reloading asks for each page's data at the page's address plus
 * `.data` (`/blog.data` for `/blog`); React Router 8 asks `/_.data` for the
 * home page and `/admin/deals/_.data` for `/admin/deals/`, an address typed
 * with a trailing slash. Any other address is returned as it is.
 */
export function pagePathOf(pathname: string): string {
  if (pathname.endsWith('/_.data')) return pathname.slice(0, -'_.data'.length)
  return pathname.replace(/\.data$/, '')
}
