import { RECORD_KINDS, RECORD_LISTS } from '../../../app/lib/record-lists'
import { flatRoutes } from './route-table'
import { e2eDatabase } from './session'

export interface PageToVisit {
  /** the route pattern, a stable test title ('/blog/:slug') */
  label: string
  admin: boolean
  /** the concrete address, filled from the database when the test runs */
  path: () => string
}

/** Sample values for route parameters, read from the e2e database's demo content now (or another server's). */
function sampleParameters(databasePath?: string): Record<string, string> {
  const db = e2eDatabase(databasePath)
  try {
    const one = <T>(sql: string) => db.prepare(sql).get() as T
    // The oldest published post: one of the demo posts, never a post another test is writing or
    // deleting meanwhile (some of those embed an image from an unreachable host on purpose).
    const post = one<{ id: number; slug: string }>(
      "SELECT id, slug FROM posts WHERE status = 'published' AND published_at <= strftime('%Y-%m-%dT%H:%M:%fZ','now') ORDER BY id LIMIT 1",
    )
    // Terms that a published post uses (a term only drafts use answers 404).
    const visible = "p.status = 'published' AND p.published_at <= strftime('%Y-%m-%dT%H:%M:%fZ','now')"
    const category = one<{ slug: string }>(
      `SELECT c.slug FROM categories c JOIN post_categories pc ON pc.category_id = c.id JOIN posts p ON p.id = pc.post_id WHERE ${visible} ORDER BY c.id LIMIT 1`,
    )
    const tag = one<{ slug: string }>(
      `SELECT t.slug FROM tags t JOIN post_tags pt ON pt.tag_id = t.id JOIN posts p ON p.id = pt.post_id WHERE ${visible} ORDER BY t.id LIMIT 1`,
    )
    // A kept version of any post (every post saved through the app has one).
    const revision = one<{ id: number; post_id: number } | undefined>(
      'SELECT id, post_id FROM post_revisions ORDER BY id LIMIT 1',
    ) ?? { id: 1, post_id: post.id }
    // The edit and delete pages of each admin list: its oldest record not in the Trash (demo
    // content; tests add theirs later).
    const records = RECORD_KINDS.flatMap((kind) => {
      const { table, editPath, deletePath } = RECORD_LISTS[kind]
      const row = one<{ id: number } | undefined>(
        `SELECT id FROM ${table} WHERE deleted_at IS NULL ORDER BY id LIMIT 1`,
      )
      if (!row) throw new Error(`No record in ${table} for the sample of ${editPath}: the demo content should hold one`)
      const { id } = row
      return [editPath, deletePath].map((pattern) => [pattern, pattern.replace(':id', String(id))])
    })
    return {
      ...Object.fromEntries(records),
      '/blog/:slug': `/blog/${post.slug}`,
      '/blog/category/:slug': `/blog/category/${category.slug}`,
      '/blog/tag/:slug': `/blog/tag/${tag.slug}`,
      '/admin/blog/:id/history/:revisionId': `/admin/blog/${revision.post_id}/history/${revision.id}`,
    }
  } finally {
    db.close()
  }
}

/**
 * Every page (route with a component, i.e. a .tsx module) of the route table,
 * once each; parameters come from the e2e database, or from `databasePath`.
 */
export function everyPage(databasePath?: string): PageToVisit[] {
  const pages: PageToVisit[] = []
  const seen = new Set<string>()
  for (const route of flatRoutes()) {
    if (!route.file.endsWith('.tsx') || seen.has(route.path)) continue // resource routes have no page
    seen.add(route.path)
    const signInPage =
      route.path.startsWith('/admin/login') ||
      route.path.startsWith('/admin/reset') ||
      route.path === '/admin/invitation' ||
      route.path === '/admin/setup'
    const pattern = route.path
    pages.push({
      label: pattern,
      admin: pattern.startsWith('/admin') && !signInPage,
      path: () => {
        if (!pattern.includes(':')) return pattern
        const path = sampleParameters(databasePath)[pattern]
        if (!path)
          throw new Error(`No sample value for the parameters of ${pattern}; add one in tests/e2e/support/pages.ts`)
        return path
      },
    })
  }
  pages.push({ label: '/reviews?store=BlueWater', admin: false, path: () => '/reviews?store=BlueWater' })
  pages.push({
    label: '/admin/reset/confirm?token=…',
    admin: false,
    path: () => '/admin/reset/confirm?token=not-a-real-token',
  })
  pages.push({ label: '/this-page-does-not-exist', admin: false, path: () => '/this-page-does-not-exist' })
  return pages
}
