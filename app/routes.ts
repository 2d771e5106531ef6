import { index, route, type RouteConfig } from '@react-router/dev/routes'

import { RECORD_KINDS, RECORD_LISTS, type RecordKind } from './lib/record-lists'
import { PUBLIC_PAGES } from './public-pages'

/** An admin address as React Router's route path: '/admin/deals/new' is 'deals/new'. */
const adminPath = (path: string) => path.slice('/admin/'.length)

/**
 * A list's pages (app/lib/record-lists.ts): its own list module, one editor
 * module for its add and edit pages ('/admin/deals' has
 * 'routes/admin.deals.tsx' and 'routes/admin.deals.editor.tsx'), and the one
 * delete module every list shares. A module mounted at two addresses gets a
 * route id per address.
 */
function recordListPages(kind: RecordKind) {
  const { list, addPath, editPath, deletePath } = RECORD_LISTS[kind]
  const module = `routes/${list.slice(1).replaceAll('/', '.')}`
  return [
    route(adminPath(list), `${module}.tsx`),
    route(adminPath(addPath), `${module}.editor.tsx`, { id: `${module}.add` }),
    route(adminPath(editPath), `${module}.editor.tsx`, { id: `${module}.edit` }),
    route(adminPath(deletePath), 'routes/admin.$list.$id.delete.tsx', { id: `${module}.delete` }),
  ]
}

/**
 * The route table: every URL of the site in one place. The public pages and
 * the admin lists are each defined once elsewhere, and their routes come from
 * there.
 */
export default [
  // ── public site: the pages of app/public-pages.ts (home, about, …, blog) ──
  ...PUBLIC_PAGES.map((page) => (page.path === '/' ? index(page.file) : route(page.path.slice(1), page.file))),
  // [public-site routes]
  route('age-gate', 'routes/age-gate.ts'),
  // tap links: count the tap, then go where the link goes (app/lib/taps.ts)
  route('go/:tap/:where?', 'routes/go.ts'),

  // ── public blog, feeds and sitemaps ──
  // [blog routes]
  route('blog/category/:slug', 'routes/blog.category.$slug.tsx'),
  route('blog/tag/:slug', 'routes/blog.tag.$slug.tsx'),
  route('blog/:slug', 'routes/blog.$slug.tsx'),
  route('api/blog-rss', 'routes/api.blog-rss.ts'),
  route('api/blog-sitemap', 'routes/api.blog-sitemap.ts'),
  route('feed.xml', 'routes/feed[.]xml.ts'),
  route('sitemap-blog.xml', 'routes/sitemap-blog[.]xml.ts'),
  route('sitemap.xml', 'routes/sitemap[.]xml.ts'),
  route('sitemap-pages.xml', 'routes/sitemap-pages[.]xml.ts'),
  route('robots.txt', 'routes/robots[.]txt.ts'),

  // ── staff sign-in and password reset ──
  // [auth routes]
  route('admin/login', 'routes/admin.login.tsx'),
  route('admin/login/verify', 'routes/admin.login.verify.tsx'),
  route('admin/invitation', 'routes/admin.invitation.tsx'),
  route('admin/reset', 'routes/admin.reset.tsx'),
  route('admin/reset/confirm', 'routes/admin.reset.confirm.tsx'),
  route('admin/logout', 'routes/admin.logout.ts'),
  // the one-time link a production first start logs to create the first admin
  route('admin/setup', 'routes/admin.setup.tsx'),
  route('login', 'routes/login.ts'),

  // ── admin area; every loader and action calls requireAdmin, which
  //    checks the role against app/auth/permissions.ts ──
  route('admin', 'routes/admin.tsx', [
    index('routes/admin._index.tsx'),
    // the lists of app/lib/record-lists.ts (posts, deals, brands): each one's
    // list, add, edit and delete pages
    ...RECORD_KINDS.flatMap(recordListPages),
    // [admin uploads, posts, inquiries, applications and settings routes]
    route('uploads/:bucket', 'routes/admin.uploads.$bucket.ts'),
    route('blog/:id/history/:revisionId', 'routes/admin.blog.$id.history.$revisionId.tsx'),
    route('blog/preview', 'routes/admin.blog.preview.ts'),
    route('blog/pictures', 'routes/admin.blog.pictures.tsx'),
    route('inquiries', 'routes/admin.inquiries.tsx'),
    route('inquiries/export', 'routes/admin.inquiries.export.ts'),
    route('applications', 'routes/admin.applications.tsx'),
    route('applications/export', 'routes/admin.applications.export.ts'),
    route('settings', 'routes/admin.settings.tsx'),
    // [staff accounts, own account and activity log routes]
    route('staff', 'routes/admin.staff.tsx'),
    route('activity', 'routes/admin.activity.tsx'),
    // deleted posts, deals and brands, restorable for 30 days
    route('trash', 'routes/admin.trash.tsx'),
    route('account', 'routes/admin.account.tsx'),
    route('account/two-factor', 'routes/admin.account.two-factor.tsx'),
  ]),
  // [public upload serving route]
  route('uploads/:bucket/:file', 'routes/uploads.$bucket.$file.ts'),

  // ── infrastructure ──
  route('healthz', 'routes/healthz.ts'),
  route('healthz/replication', 'routes/healthz.replication.ts'),
  route('*', 'routes/$.tsx'),
] satisfies RouteConfig
