import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext, Page } from '@playwright/test'
import { request as playwrightRequest } from '@playwright/test'

import { expect, test } from './fixtures'
import { screenshotPath } from './support/screenshots'
import { e2eDatabase, mintSessionCookie, signIn } from './support/session'

/**
 * The owner's stories of the Trash: a deal deleted by mistake comes back with
 * the toast's Undo, and a post deleted a week ago is found in the Trash and
 * restored with its picture and tags. Both with and without JavaScript, on a
 * desktop and on a phone; visitors never see what is in the Trash, even on a
 * page the server keeps ready-made.
 */

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)
const DAY = 24 * 60 * 60 * 1000

function unique(label: string) {
  return `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
}

function run<T>(work: (db: ReturnType<typeof e2eDatabase>) => T): T {
  const db = e2eDatabase()
  try {
    return work(db)
  } finally {
    db.close()
  }
}

/** A live deal at the front of the carousel. */
function insertDeal(title: string): number {
  return run((db) =>
    Number(
      db
        .prepare('INSERT INTO deals_slides (title, description, is_active, sort_order) VALUES (?, ?, 1, -100)')
        .run(title, 'Every Friday, all day.').lastInsertRowid,
    ),
  )
}

/** A published post with an uploaded featured image and a tag. */
function insertPost(title: string) {
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-')
  const file = `${crypto.randomUUID()}.png`
  const tag = `Trash tag ${slug.slice(-6)}`
  const tagSlug = tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')
  const id = run((db) => {
    db.prepare(
      // No size and no smaller copies, as an upload from before sizes were kept: the site draws the file itself.
      "INSERT INTO uploads (bucket, file_name, content_type, size, data) VALUES ('blog-images', ?, 'image/png', ?, ?)",
    ).run(file, PNG_1X1.length, PNG_1X1)
    const postId = Number(
      db
        .prepare(
          `INSERT INTO posts (title, slug, content, status, published_at, hero_image_url, hero_image_alt)
           VALUES (?, ?, 'A note for patients.', 'published', ?, ?, ?)`,
        )
        .run(
          title,
          slug,
          new Date(Date.now() - 60_000).toISOString(),
          `/uploads/blog-images/${file}`,
          `Jar for ${title}`,
        ).lastInsertRowid,
    )
    const tagId = Number(db.prepare('INSERT INTO tags (name, slug) VALUES (?, ?)').run(tag, tagSlug).lastInsertRowid)
    db.prepare('INSERT INTO post_tags (post_id, tag_id) VALUES (?, ?)').run(postId, tagId)
    return postId
  })
  return { id, slug, tag, tagSlug, image: `/uploads/blog-images/${file}` }
}

/** Pretends the delete happened `days` ago. */
function backdateDeletion(table: 'posts' | 'deals_slides', id: number, days: number) {
  run((db) =>
    db
      .prepare(`UPDATE ${table} SET deleted_at = ? WHERE id = ?`)
      .run(new Date(Date.now() - days * DAY).toISOString(), id),
  )
}

function deletedAt(table: 'posts' | 'deals_slides', id: number) {
  return run(
    (db) => (db.prepare(`SELECT deleted_at FROM ${table} WHERE id = ?`).pluck().get(id) as string | null) ?? null,
  )
}

/** A visitor who passed the age gate, without a session: served the kept copy of a page when there is one. */
async function visitor(baseURL: string): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Cookie: 'age_verified=IjEi' } })
}

async function visitorSees(anon: APIRequestContext, path: string, text: string): Promise<boolean> {
  const response = await anon.get(path)
  return (await response.text()).includes(text)
}

const toast = (page: Page) => page.getByRole('status')

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]

for (const javaScriptEnabled of [true, false]) {
  for (const viewport of VIEWPORTS) {
    test.describe(`${javaScriptEnabled ? 'with' : 'without'} JavaScript at ${viewport.width} px`, () => {
      test.use({ javaScriptEnabled, viewport })

      test('I delete the wrong deal by mistake, I press Undo in the message, and it is back on the site', async ({
        page,
        context,
        baseURL,
      }) => {
        const title = unique('Friday flower')
        const id = insertDeal(title)
        const anon = await visitor(baseURL!)
        // The deals page, kept ready-made for visitors, shows it.
        expect(await visitorSees(anon, '/deals', title)).toBe(true)
        expect(await visitorSees(anon, '/deals', title)).toBe(true)

        await signIn(context, baseURL!)
        await page.goto('/admin/deals')
        const deleteLink = page.getByRole('link', { name: `Delete ${title}` })
        if (javaScriptEnabled) {
          page.once('dialog', (prompt) => void prompt.accept())
          await deleteLink.click()
        } else {
          await deleteLink.click()
          await expect(page.getByRole('heading', { name: 'Are you sure you want to delete this deal?' })).toBeVisible()
          await page.getByRole('button', { name: 'Delete' }).click()
        }
        await expect(page).toHaveURL(/\/admin\/deals$/)
        await expect(toast(page).getByText('Deal deleted successfully')).toBeVisible()
        await expect(toast(page).getByText('It stays in the Trash for 30 days.')).toBeVisible()
        await expect(page.getByRole('link', { name: `Delete ${title}` })).toHaveCount(0)
        // Gone from the site at once.
        expect(await visitorSees(anon, '/deals', title)).toBe(false)
        expect(await visitorSees(anon, '/', title)).toBe(false)
        if (javaScriptEnabled) {
          await page.screenshot({ path: screenshotPath(`admin-undo-toast-${viewport.width}.png`) })
        }

        await toast(page).getByRole('button', { name: 'Undo' }).click()
        await expect(toast(page).getByText('Deal restored')).toBeVisible()
        await expect(toast(page).getByText(`“${title}” is back.`)).toBeVisible()
        await expect(page).toHaveURL(/\/admin\/deals$/)
        await expect(page.getByRole('link', { name: `Delete ${title}` })).toBeVisible()
        expect(deletedAt('deals_slides', id)).toBeNull()
        expect(await visitorSees(anon, '/deals', title)).toBe(true)
        await anon.dispose()
      })

      test('a week later I find a deleted post in the Trash and restore it with its picture and tags', async ({
        page,
        context,
        baseURL,
      }) => {
        const title = unique('Curbside pickup is here')
        const post = insertPost(title)
        const anon = await visitor(baseURL!)
        await signIn(context, baseURL!)

        await page.goto(`/admin/blog?q=${encodeURIComponent(title)}`)
        await page.getByRole('link', { name: `Delete ${title}` }).click()
        const confirm = javaScriptEnabled ? page.getByRole('alertdialog') : page.getByRole('main')
        await expect(
          confirm.getByText('This action cannot be undone. This will permanently delete the blog post.'),
        ).toBeVisible()
        await confirm.getByRole('button', { name: 'Delete' }).click()
        await expect(toast(page).getByText('Post deleted')).toBeVisible()
        expect(await visitorSees(anon, `/blog/tag/${post.tagSlug}`, title)).toBe(false)
        expect((await anon.get(`/blog/${post.slug}`)).status()).toBe(404)

        backdateDeletion('posts', post.id, 7)
        await page.goto('/admin')
        await page.goto('/admin/trash')
        await expect(page.getByRole('heading', { name: 'Trash', level: 1 })).toBeVisible()
        const row = page.getByRole('row').filter({ hasText: title })
        await expect(row).toContainText('Blog post')
        await expect(row).toContainText('admin@example.com')
        await expect(row).toContainText('(in 23 days)')
        await row.getByRole('button', { name: `Restore blog post ${title}` }).click()
        await expect(toast(page).getByText('Post restored')).toBeVisible()
        await expect(page).toHaveURL(/\/admin\/trash$/)
        await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0)

        // Back on the site, with its picture and its tag.
        await page.goto(`/blog/${post.slug}`)
        await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()
        const picture = page.getByRole('img', { name: `Jar for ${title}` })
        await expect(picture).toHaveAttribute('src', new RegExp(post.image.replace(/\./g, '\\.')))
        expect((await anon.get(post.image)).status()).toBe(200)
        await expect(page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: post.tag })).toBeVisible()
        expect(await visitorSees(anon, `/blog/tag/${post.tagSlug}`, title)).toBe(true)
        await anon.dispose()
      })
    })
  }
}

test.describe('the Trash screen', () => {
  for (const viewport of VIEWPORTS) {
    test(`reads well and passes axe at ${viewport.width} px`, async ({ page, context, baseURL }) => {
      await page.setViewportSize(viewport)
      const deal = insertDeal(unique('Half-price pre-rolls'))
      const post = insertPost(unique('Meet our new budtender'))
      await signIn(context, baseURL!)
      for (const [path, title] of [
        [`/admin/deals/${deal}/delete`, 'Deal deleted successfully'],
        [`/admin/blog/${post.id}/delete`, 'Post deleted'],
      ] as const) {
        await page.goto(path)
        await page.getByRole('button', { name: 'Delete' }).click()
        await expect(toast(page).getByText(title)).toBeVisible()
      }
      backdateDeletion('deals_slides', deal, 3)
      await page.goto('/admin/trash')
      await expect(page.getByRole('row').filter({ hasText: 'Meet our new budtender' }).first()).toBeVisible()
      await page.emulateMedia({ reducedMotion: 'reduce' })
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze()
      expect(results.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes[0]?.target.join(' ')}`)).toEqual([])
      // Nothing runs off the side of a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
      await page.screenshot({ path: screenshotPath(`admin-trash-${viewport.width}.png`) })
    })
  }

  test('a member of staff sees and restores posts only; a deal is for admins', async ({ baseURL }) => {
    const dealTitle = unique('Admin-only deal')
    const deal = insertDeal(dealTitle)
    const post = insertPost(unique('Staff can restore this'))
    run((db) => {
      const when = new Date().toISOString()
      db.prepare('UPDATE deals_slides SET deleted_at = ? WHERE id = ?').run(when, deal)
      db.prepare("UPDATE posts SET deleted_at = ?, deleted_slug = slug, slug = 'trashed-' || id WHERE id = ?").run(
        when,
        post.id,
      )
    })
    const cookie = await mintSessionCookie({ email: 'trash-staff@example.com', admin: false })
    run((db) =>
      db
        .prepare("INSERT OR IGNORE INTO user_roles (user_id, role) SELECT id, 'staff' FROM users WHERE email = ?")
        .run('trash-staff@example.com'),
    )
    const staff = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Cookie: cookie } })
    const screen = await (await staff.get('/admin/trash')).text()
    expect(screen).toContain('Staff can restore this')
    expect(screen).not.toContain(dealTitle)

    const refused = await staff.post('/admin/trash', { form: { kind: 'deal', id: String(deal) }, maxRedirects: 0 })
    expect(refused.status()).toBe(403)
    expect(deletedAt('deals_slides', deal)).not.toBeNull()

    const bad = await staff.post('/admin/trash', { form: { kind: 'review', id: 'x' }, maxRedirects: 0 })
    expect(bad.status()).toBe(400)
    expect(await bad.text()).toContain('Choose a post, deal or brand to restore')

    const restored = await staff.post('/admin/trash', { form: { kind: 'post', id: String(post.id) }, maxRedirects: 0 })
    expect(restored.status()).toBe(302)
    expect(deletedAt('posts', post.id)).toBeNull()
    await staff.dispose()
  })

  test('a post whose address was taken meanwhile comes back at a new one, and says so', async ({
    page,
    context,
    baseURL,
  }) => {
    const title = unique('Holiday hours')
    const post = insertPost(title)
    await signIn(context, baseURL!)
    await page.goto(`/admin/blog/${post.id}/delete`)
    await page.getByRole('button', { name: 'Delete' }).click()
    await expect(toast(page).getByText('Post deleted')).toBeVisible()
    // Someone writes a new post at the same address.
    run((db) =>
      db
        .prepare("INSERT INTO posts (title, slug, content, status) VALUES ('Newer post', ?, 'x', 'draft')")
        .run(post.slug),
    )
    await page.goto('/admin/trash')
    await page
      .getByRole('row')
      .filter({ hasText: title })
      .getByRole('button', { name: /^Restore/ })
      .click()
    await expect(toast(page).getByText('Post restored')).toBeVisible()
    await expect(toast(page)).toContainText(
      `is back at /blog/${post.slug}-2: another post took /blog/${post.slug} meanwhile.`,
    )
    expect((await page.goto(`/blog/${post.slug}-2`))?.status()).toBe(200)
  })
})
