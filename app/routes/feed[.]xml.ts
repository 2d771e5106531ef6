import { redirect } from 'react-router'

/** /feed.xml moved for good to the RSS resource route, which the footer links. */
export function loader() {
  return redirect('/api/blog-rss', 301)
}
