import { index, route, type RouteConfig } from '@react-router/dev/routes'

/** The route table, written out by hand so it reads like spec §2. */
export default [
  // ── public site (spec §2.2–2.7, 2.11–2.13) ──
  index('routes/_index.tsx'),
  // [public-site routes]
  route('about', 'routes/about.tsx'),
  route('deals', 'routes/deals.tsx'),
  route('age-gate', 'routes/age-gate.ts'),

  // ── public blog, feeds and sitemaps (spec §2.2, 2.8–2.10) ──
  // [blog routes]
  route('blog', 'routes/blog._index.tsx'),
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

  // ── staff sign-in (spec §2.14) ──
  // [auth routes]
  route('admin/login', 'routes/admin.login.tsx'),
  route('admin/logout', 'routes/admin.logout.ts'),
  route('login', 'routes/login.ts'),

  // ── admin area (spec §2.15); every loader and action calls requireAdmin ──
  route('admin', 'routes/admin.tsx', [
    index('routes/admin._index.tsx'),
    // [admin brands, deals and uploads routes]
    // [admin posts, inquiries, applications and settings routes]
  ]),
  // [public upload serving route]

  // ── infrastructure ──
  route('healthz', 'routes/healthz.ts'),
  route('*', 'routes/$.tsx'),
] satisfies RouteConfig
