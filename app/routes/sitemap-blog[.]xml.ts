import { redirect } from 'react-router'

/** /sitemap-blog.xml moved for good to the blog sitemap resource route, which the footer links. */
export function loader() {
  return redirect('/api/blog-sitemap', 301)
}
