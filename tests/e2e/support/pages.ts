import { e2eDatabase } from './session'
import { flatRoutes } from './route-table'

export interface PageToVisit {
  path: string
  admin: boolean
}

/**
 * Every page (route with a component, i.e. a .tsx module) of the route table,
 * with its parameters filled from the e2e database's demo content.
 */
export function everyPage(): PageToVisit[] {
  const db = e2eDatabase()
  let params: Record<string, string>
  try {
    const one = <T,>(sql: string) => db.prepare(sql).get() as T
    const post = one<{ id: number; slug: string }>(
      "SELECT id, slug FROM posts WHERE status = 'published' AND published_at <= strftime('%Y-%m-%dT%H:%M:%fZ','now') ORDER BY published_at DESC LIMIT 1",
    )
    const category = one<{ slug: string }>('SELECT c.slug FROM categories c JOIN post_categories pc ON pc.category_id = c.id LIMIT 1')
    const tag = one<{ slug: string }>('SELECT t.slug FROM tags t JOIN post_tags pt ON pt.tag_id = t.id LIMIT 1')
    const brand = one<{ id: number }>('SELECT id FROM brands ORDER BY id LIMIT 1')
    const deal = one<{ id: number }>('SELECT id FROM deals_slides ORDER BY id LIMIT 1')
    params = {
      '/blog/:slug': `/blog/${post.slug}`,
      '/blog/category/:slug': `/blog/category/${category.slug}`,
      '/blog/tag/:slug': `/blog/tag/${tag.slug}`,
      '/admin/blog/edit/:id': `/admin/blog/edit/${post.id}`,
      '/admin/blog/:id/delete': `/admin/blog/${post.id}/delete`,
      '/admin/brands/:id/edit': `/admin/brands/${brand.id}/edit`,
      '/admin/deals/:id/edit': `/admin/deals/${deal.id}/edit`,
      '/admin/deals/:id/delete': `/admin/deals/${deal.id}/delete`,
    }
  } finally {
    db.close()
  }
  const pages: PageToVisit[] = []
  for (const route of flatRoutes()) {
    if (!route.file.endsWith('.tsx')) continue // resource routes have no page
    if (route.path === '/admin/login' || route.path.startsWith('/admin/reset')) {
      pages.push({ path: route.path, admin: false })
      continue
    }
    const path = route.path.includes(':') ? params[route.path] : route.path
    if (!path) throw new Error(`No sample value for the parameters of ${route.path}; add one in tests/e2e/support/pages.ts`)
    pages.push({ path, admin: path.startsWith('/admin') })
  }
  // A layout and its index share a path: visit it once.
  const unique = pages.filter((page, index) => pages.findIndex((p) => p.path === page.path) === index)
  pages.length = 0
  pages.push(...unique)
  pages.push({ path: '/reviews?store=BlueWater', admin: false })
  pages.push({ path: '/admin/reset/confirm?token=not-a-real-token', admin: false })
  pages.push({ path: '/this-page-does-not-exist', admin: false })
  return pages
}
