import { data } from 'react-router'

import { listHref } from '~/components/blog/Pagination'
import { TaxonomyPostList } from '~/components/blog/TaxonomyPostList'
import { pageMeta } from '~/lib/seo'
import { listPublishedPostsWithTag } from '~/models/posts.server'
import { getTagBySlug } from '~/models/taxonomy.server'
import { parsePage } from '~/schemas/list-filter'

import type { Route } from './+types/blog.tag.$slug'

export async function loader({ params, request }: Route.LoaderArgs) {
  const slug = params.slug
  const page = parsePage(new URL(request.url).searchParams.get('page'))
  const tag = slug.length <= 200 ? await getTagBySlug(slug) : undefined
  const result = tag ? await listPublishedPostsWithTag(tag.id, { page }) : undefined
  // A tag no published post uses yet (only drafts, scheduled posts, or none)
  // answers exactly like an unknown one, so it reveals no unpublished plans.
  if (!tag || !result || result.total === 0) {
    const empty = { kind: 'tag' as const, name: null, slug, posts: [], page, pageCount: 1, total: 0, outOfRange: false }
    return data(empty, { status: 404 })
  }
  const body = { kind: 'tag' as const, name: tag.name, slug: tag.slug, ...result, outOfRange: page > result.pageCount }
  return body.outOfRange ? data({ ...body, posts: [] }, { status: 404 }) : body
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData?.name) return [{ title: 'Tag not found' }, { name: 'robots', content: 'noindex' }]
  return pageMeta(matches, {
    title: loaderData.page > 1 ? `${loaderData.name} – Blog – Page ${loaderData.page}` : `${loaderData.name} – Blog`,
    description: `Posts tagged ${loaderData.name} from our medical marijuana dispensary blog in Norman, Oklahoma.`,
    // Each page of the list is its own canonical address, linked to its neighbours.
    path: listHref(`/blog/tag/${loaderData.slug}`, loaderData.page),
    prev:
      !loaderData.outOfRange && loaderData.page > 1
        ? listHref(`/blog/tag/${loaderData.slug}`, loaderData.page - 1)
        : null,
    next:
      !loaderData.outOfRange && loaderData.page < loaderData.pageCount
        ? listHref(`/blog/tag/${loaderData.slug}`, loaderData.page + 1)
        : null,
    noindex: loaderData.outOfRange,
  })
}

export default function BlogTag({ loaderData }: Route.ComponentProps) {
  return <TaxonomyPostList data={loaderData} />
}
