import { data } from 'react-router'

import { listHref } from '~/components/blog/Pagination'
import { TaxonomyPostList } from '~/components/blog/TaxonomyPostList'
import { pageMeta } from '~/lib/seo'
import { listPublishedPostsInCategory } from '~/models/posts.server'
import { getCategoryBySlug } from '~/models/taxonomy.server'
import { parsePage } from '~/schemas/list-filter'

import type { Route } from './+types/blog.category.$slug'

export async function loader({ params, request }: Route.LoaderArgs) {
  const slug = params.slug
  const page = parsePage(new URL(request.url).searchParams.get('page'))
  const category = slug.length <= 200 ? await getCategoryBySlug(slug) : undefined
  const result = category ? await listPublishedPostsInCategory(category.id, { page }) : undefined
  // A category no published post uses yet (only drafts, scheduled posts, or
  // none) answers exactly like an unknown one, so it reveals no unpublished plans.
  if (!category || !result || result.total === 0) {
    const empty = {
      kind: 'category' as const,
      name: null,
      slug,
      posts: [],
      page,
      pageCount: 1,
      total: 0,
      outOfRange: false,
    }
    return data(empty, { status: 404 })
  }
  const body = {
    kind: 'category' as const,
    name: category.name,
    slug: category.slug,
    ...result,
    outOfRange: page > result.pageCount,
  }
  return body.outOfRange ? data({ ...body, posts: [] }, { status: 404 }) : body
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData?.name) return [{ title: 'Category not found' }, { name: 'robots', content: 'noindex' }]
  return pageMeta(matches, {
    title: loaderData.page > 1 ? `${loaderData.name} – Blog – Page ${loaderData.page}` : `${loaderData.name} – Blog`,
    description: `Posts about ${loaderData.name} from our medical marijuana dispensary blog in Norman, Oklahoma.`,
    // Each page of the list is its own canonical address, linked to its neighbours.
    path: listHref(`/blog/category/${loaderData.slug}`, loaderData.page),
    prev:
      !loaderData.outOfRange && loaderData.page > 1
        ? listHref(`/blog/category/${loaderData.slug}`, loaderData.page - 1)
        : null,
    next:
      !loaderData.outOfRange && loaderData.page < loaderData.pageCount
        ? listHref(`/blog/category/${loaderData.slug}`, loaderData.page + 1)
        : null,
    noindex: loaderData.outOfRange,
  })
}

export default function BlogCategory({ loaderData }: Route.ComponentProps) {
  return <TaxonomyPostList data={loaderData} />
}
