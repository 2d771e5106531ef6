import { redirect } from 'react-router'

/** /feed.xml moved for good to the RSS resource route (DECISIONS.md). */
export function loader() {
  return redirect('/api/blog-rss', 301)
}
