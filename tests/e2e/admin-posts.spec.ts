import { expect, test } from './fixtures'
import { slugOf, unique } from './support/names'
import { ADMIN_EMAIL, e2eDatabase, signIn } from './support/session'

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

function postRow(slug: string) {
  const db = e2eDatabase()
  try {
    return db.prepare('SELECT * FROM posts WHERE slug = ?').get(slug) as
      | {
          id: number
          title: string
          status: string
          published_at: string | null
          author: string
          hero_image_url: string | null
          read_minutes: number
          meta_title: string | null
        }
      | undefined
  } finally {
    db.close()
  }
}

function insertPost(title: string, status = 'draft') {
  const db = e2eDatabase()
  try {
    const info = db
      .prepare('INSERT INTO posts (title, slug, content, status, published_at) VALUES (?, ?, ?, ?, ?)')
      .run(title, slugOf(title), 'Some **content** here.', status, status === 'draft' ? null : new Date().toISOString())
    return Number(info.lastInsertRowid)
  } finally {
    db.close()
  }
}

test.describe('with JavaScript', () => {
  test.use({ signedIn: true })

  test('creates a post: slug and meta title follow the title, counters, preview tab, new category, image upload', async ({
    page,
  }) => {
    const title = unique('Harvest Notes')
    const slug = slugOf(title)
    await page.goto('/admin/blog/new')
    await expect(page.getByRole('heading', { name: 'New Post', level: 1 })).toBeVisible()
    // Beside Save, Preview opens the post's address; a post not saved yet has none, so it is disabled.
    await expect(page.getByRole('link', { name: /^Preview/ })).toHaveCount(0)
    await expect(page.getByRole('group', { name: 'Publish' }).getByRole('button', { name: 'Preview' })).toBeDisabled()

    await page.getByLabel('Title', { exact: true }).fill(title)
    await expect(page.getByLabel('Slug', { exact: true })).toHaveValue(slug)
    await expect(page.getByLabel('Meta title', { exact: true })).toHaveValue(title)
    await expect(page.getByText(`${title.length}/60`)).toBeVisible()

    await page.getByLabel('Meta description').fill('Fresh arrivals at the Norman stores.')
    await expect(page.getByText('36/160')).toBeVisible()
    await page
      .getByLabel('Content (Markdown)')
      .fill('Hello **patients**.\n\n[bad](javascript:alert(1)) and [good](https://example.com)')
    await page.getByRole('tab', { name: 'Preview' }).click()
    const preview = page.getByRole('tabpanel', { name: 'Preview' })
    await expect(preview.locator('strong')).toHaveText('patients')
    await expect(preview.getByRole('link', { name: 'good' })).toHaveAttribute('href', 'https://example.com')
    await expect(preview.locator('a[href^="javascript"]')).toHaveCount(0)
    await page.getByRole('tab', { name: 'Write' }).click()

    const category = unique('E2E Category')
    await page.getByLabel('New categories (comma-separated)').fill(category)
    await page.getByLabel('New tags (comma-separated)').fill('E2E Tag')

    await page.getByLabel('Upload an image').setInputFiles({ name: 'hero.jpg', mimeType: 'image/png', buffer: PNG })
    await expect(page.getByLabel('Featured image URL')).toHaveValue(/^\/uploads\/blog-images\/[0-9a-f-]+\.png$/)
    await expect(page.getByRole('img', { name: /Preview of the chosen featured image/ })).toBeVisible()

    await page.getByRole('button', { name: 'Save draft', exact: true }).click()
    await expect(page).toHaveURL(/\/admin\/blog$/)
    await expect(page.getByText('Post created')).toBeVisible()
    await expect(
      page.getByText('Your blog post has been saved successfully. It is a draft and not public.'),
    ).toBeVisible()

    const card = page.getByRole('article', { name: title })
    await expect(card.getByText('Draft', { exact: true })).toBeVisible()
    await expect(card.getByText(`/${slug}`)).toBeVisible()
    await expect(card.getByText(/Not published/)).toBeVisible()
    await expect(card.getByRole('link', { name: `View ${title} (opens in a new tab)` })).toHaveAttribute(
      'href',
      `/blog/${slug}`,
    )

    const row = postRow(slug)!
    expect(row).toMatchObject({ status: 'draft', published_at: null, meta_title: title, read_minutes: 1 })
    expect(row.hero_image_url).toMatch(/^\/uploads\/blog-images\/.+\.png$/)
    const image = await page.request.get(row.hero_image_url!)
    expect(image.status()).toBe(200)
    expect(image.headers()['content-type']).toBe('image/png')

    // The new category is offered as a checkbox next time, ticked for this post.
    await card.getByRole('link', { name: `Edit ${title}` }).click()
    await expect(page.getByRole('checkbox', { name: category })).toBeChecked()
    await expect(page.getByRole('checkbox', { name: 'E2E Tag' })).toBeChecked()
  })

  test('edits a post, publishes it with a date in store time, and keeps values on errors', async ({ page }) => {
    const title = unique('Edit Me')
    const id = insertPost(title)
    await page.goto('/admin/blog')
    await page.getByRole('link', { name: `Edit ${title}` }).click()
    await expect(page).toHaveURL(new RegExp(`/admin/blog/edit/${id}$`))
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title)

    await page.getByLabel('Title', { exact: true }).fill('x'.repeat(201))
    await page.getByRole('button', { name: 'Save draft', exact: true }).click()
    await expect(page.getByText('Title must be less than 200 characters')).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`/admin/blog/edit/${id}$`))

    const newTitle = `${title} updated`
    await page.getByLabel('Title', { exact: true }).fill(newTitle)
    await page.getByLabel('Status').selectOption('published')
    await page.getByLabel('Publish date').fill('2026-03-15T10:30')
    await page.getByLabel('Author').fill('Dana at the Counter')
    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await expect(page).toHaveURL(/\/admin\/blog$/)
    await expect(page.getByText('Post updated')).toBeVisible()
    await expect(
      page.getByText(`Your blog post has been saved successfully. It is public at /blog/${slugOf(title)}.`),
    ).toBeVisible()
    const card = page.getByRole('article', { name: newTitle })
    await expect(card.getByText('Published', { exact: true })).toBeVisible()
    await expect(card.getByText(/March 15, 2026/)).toBeVisible()
    await expect(card.getByText(/Dana at the Counter/)).toBeVisible()
    // The slug stays what it was (it was not empty), 10:30 Central (CDT) is 15:30 UTC.
    expect(postRow(slugOf(title))).toMatchObject({
      title: newTitle,
      status: 'published',
      published_at: '2026-03-15T15:30:00.000Z',
    })
  })

  for (const width of [390, 1280]) {
    test(`at ${width} px: status and date sit beside the save button, which says what will happen`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 800 })
      const title = unique('Schedule Me')
      await page.goto('/admin/blog/new')
      const bar = page.getByRole('group', { name: 'Publish' })
      const save = bar.getByRole('button', { name: 'Save draft', exact: true })
      // New posts start as drafts; the status, the date and the button are on screen from the start.
      await expect(save).toBeInViewport()
      await expect(bar.getByLabel('Status')).toHaveValue('draft')
      await expect(bar.getByLabel('Status')).toBeInViewport()
      await expect(bar.getByLabel(/Publish date/)).toBeInViewport()
      await page.getByLabel('Title', { exact: true }).fill(title)
      await page.getByLabel('Content (Markdown)').fill('Line\n'.repeat(40))
      await page.getByLabel('Content (Markdown)').press('End')
      await expect(save).toBeInViewport()

      // She turns from the text to the bar (on a phone the date shows again once the text lets go of the focus).
      await bar.getByLabel('Status').focus()
      await bar.getByLabel('Status').selectOption('published')
      await expect(bar.getByRole('button', { name: 'Publish', exact: true })).toBeVisible()
      await bar.getByLabel(/Publish date/).fill('2030-12-03T09:00')
      const schedule = bar.getByRole('button', { name: 'Schedule for Tue Dec 3, 2030, 9:00 AM', exact: true })
      await expect(bar.getByText('Goes live Tue Dec 3, 2030, 9:00 AM (Central Time), by itself.')).toBeVisible()
      await expect(schedule).toBeInViewport()
      await page.screenshot({ path: testInfo.outputPath(`post-editor-${width}.png`) })
      await schedule.click()
      await expect(page).toHaveURL(/\/admin\/blog$/)
      await expect(
        page.getByText(
          'Your blog post has been saved successfully. It is not public yet: it goes live on Tue Dec 3, 2030, 9:00 AM (Central Time).',
        ),
      ).toBeVisible()
      // A published post with a later time waits: it is stored, and shown to staff, as scheduled.
      expect(postRow(slugOf(title))).toMatchObject({ status: 'scheduled', published_at: '2030-12-03T15:00:00.000Z' })
      await expect(
        page.getByRole('article', { name: title }).getByText('Scheduled · Dec 3, 2030, 9:00 AM', { exact: true }),
      ).toBeVisible()
    })
  }

  test('on a phone, while she writes, the bar keeps to status and save, and the text has half the screen', async ({
    page,
  }, testInfo) => {
    const screen = { width: 390, height: 844 }
    await page.setViewportSize(screen)
    await page.goto('/admin/blog/new')
    const bar = page.getByRole('group', { name: 'Publish' })
    const body = page.getByLabel('Content (Markdown)')
    await body.click()
    await body.pressSequentially('Our Norman stores stock ')
    // While the text has the focus: status and save only, in at most 15 % of the screen's height.
    const typing = (await bar.boundingBox())!
    expect(typing.height).toBeLessThanOrEqual(screen.height * 0.15)
    expect((await body.boundingBox())!.height).toBeGreaterThanOrEqual(screen.height * 0.5)
    await expect(bar.getByRole('button', { name: 'Save draft', exact: true })).toBeInViewport()
    await expect(bar.getByLabel('Status')).toBeInViewport()
    await expect(bar.getByLabel(/Publish date/)).toBeHidden()
    await page.screenshot({ path: testInfo.outputPath('post-editor-typing-390.png') })
    // Done writing, she turns to the bar: the date and what will happen come back.
    await bar.getByLabel('Status').focus()
    await expect(bar.getByLabel(/Publish date/)).toBeVisible()
    await expect(bar.getByText('A draft is not public.')).toBeVisible()
    expect((await bar.boundingBox())!.height).toBeGreaterThan(typing.height)
  })

  test('nothing typed is lost: her session ends while she writes; signed in again, the editor offers her text back', async ({
    page,
    context,
    baseURL,
  }) => {
    const title = unique('Kept On The Bus')
    const body = 'Three paragraphs written on the bus.\n\nAbout the new tinctures, and why they help.'
    await page.goto('/admin/blog/new')
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
    await page.getByLabel('Title', { exact: true }).fill(title)
    await page.getByLabel('Content (Markdown)').fill(body)
    const save = page.getByRole('group', { name: 'Publish' }).getByRole('button', { name: 'Save draft', exact: true })
    // Meanwhile her session ended (signed out in another tab): the save is refused and she is asked to sign in.
    await context.clearCookies()
    await save.click()
    await expect(page).toHaveURL(/\/admin\/login/)
    expect(postRow(slugOf(title))).toBeUndefined()

    await signIn(context, baseURL!)
    await page.goto('/admin/blog/new')
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
    const offer = page.getByRole('alert').filter({ hasText: 'never saved' })
    await expect(offer).toBeVisible()
    await offer.getByRole('button', { name: 'Restore unsaved text' }).click()
    await expect(offer).toHaveCount(0)
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title)
    await expect(page.getByLabel('Content (Markdown)')).toHaveValue(body)

    // This time the save goes through, and the browser lets the text go.
    await save.click()
    await expect(page).toHaveURL(/\/admin\/blog$/)
    expect(postRow(slugOf(title))).toMatchObject({ title })
    await page.goto('/admin/blog/new')
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('')
    await expect(page.getByRole('alert').filter({ hasText: 'never saved' })).toHaveCount(0)
  })

  test('on the shop’s shared computer, her unsaved text is offered to her only, what she types meanwhile is kept, and Sign Out forgets it', async ({
    page,
    context,
    baseURL,
  }) => {
    // A long story: three sign-ins and four visits to the editor.
    test.slow()
    const offer = page.getByRole('alert').filter({ hasText: 'never saved' })
    const title = page.getByLabel('Title', { exact: true })
    const openEditor = async () => {
      await page.goto('/admin/blog/new')
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
    }
    const keptKeys = () =>
      page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('unsaved-post:')))
    const firstDraft = unique('First Draft On The Counter')
    await openEditor()
    await title.fill(firstDraft)
    await expect.poll(keptKeys).toHaveLength(1)

    // She leaves without saving; a colleague signs in on the same computer and opens a new post.
    await context.clearCookies({ name: 'session' })
    await signIn(context, baseURL!, { email: 'second-admin@example.com' })
    await openEditor()
    await expect(title).toHaveValue('')
    await expect(offer).toHaveCount(0)

    // Back to her: the offer waits, and she goes on typing without answering it.
    await context.clearCookies({ name: 'session' })
    await signIn(context, baseURL!)
    await openEditor()
    await expect(offer).toBeVisible()
    const secondThoughts = unique('Second Thoughts')
    await title.fill(secondThoughts)
    const keptText = () => page.evaluate(() => Object.values({ ...localStorage }).join(' '))
    await expect.poll(keptText).toContain(secondThoughts)
    await openEditor()
    await offer.getByRole('button', { name: 'Restore unsaved text' }).click()
    await expect(title).toHaveValue(secondThoughts)

    // Signing out, past the question about unsaved changes, forgets every unsaved text in this browser.
    await expect.poll(keptKeys).not.toEqual([])
    page.once('dialog', (dialog) => void dialog.accept())
    await page.getByLabel(`Account menu for ${ADMIN_EMAIL}`).click()
    await page.getByRole('button', { name: 'Sign Out' }).click()
    await expect(page).toHaveURL(/\/admin\/login$/)
    expect(await keptKeys()).toEqual([])
  })

  test('the featured image gets a description field, prefilled, that the public page uses', async ({ page }) => {
    const title = unique('Shelf Photo')
    await page.goto('/admin/blog/new')
    await page.getByLabel('Title', { exact: true }).fill(title)
    const alt = page.getByLabel('Image description (alt text)')
    await expect(alt).toHaveValue(`Illustration for “${title}”`)
    await page.getByLabel('Upload an image').setInputFiles({ name: 'hero.png', mimeType: 'image/png', buffer: PNG })
    await expect(page.getByLabel('Featured image URL')).toHaveValue(/^\/uploads\/blog-images\//)
    await alt.fill('Glass jars of flower on a wooden shelf')
    await page.getByLabel('Status').selectOption('published')
    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await expect(page.getByText(`It is public at /blog/${slugOf(title)}.`)).toBeVisible()

    await page.goto(`/blog/${slugOf(title)}`)
    await expect(page.getByRole('img', { name: 'Glass jars of flower on a wooden shelf' })).toBeVisible()
    await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute(
      'content',
      'Glass jars of flower on a wooden shelf',
    )
    await page.goto('/admin/blog')
    await page.getByRole('link', { name: `Edit ${title}` }).click()
    await expect(page.getByLabel('Image description (alt text)')).toHaveValue('Glass jars of flower on a wooden shelf')
  })

  test('a slug already taken gets a clear message and nothing typed is lost', async ({ page }) => {
    const existing = unique('Taken Slug')
    insertPost(existing)
    await page.goto('/admin/blog/new')
    await page.getByLabel('Title', { exact: true }).fill('Another title')
    await page.getByLabel('Slug', { exact: true }).fill(slugOf(existing))
    await page.getByLabel('Excerpt').fill('Kept excerpt')
    await page.getByRole('button', { name: 'Save draft', exact: true }).click()
    await expect(page.getByText('This slug is already used by another post')).toBeVisible()
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Another title')
    await expect(page.getByLabel('Excerpt')).toHaveValue('Kept excerpt')
  })

  test('delete asks in an alert dialog; Cancel keeps the post, Delete removes it', async ({ page }) => {
    const title = unique('Delete Me')
    insertPost(title)
    await page.goto(`/admin/blog?q=${encodeURIComponent(title)}`)
    await page.getByRole('link', { name: `Delete ${title}` }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' })
    await expect(dialog).toBeVisible()
    // The dialog names the post it deletes.
    await expect(dialog.getByText(`Post: ${title}`)).toBeVisible()
    await expect(dialog).toHaveAccessibleDescription(new RegExp(`^Post: ${title}`))
    await expect(
      dialog.getByText('This action cannot be undone. This will permanently delete the blog post.'),
    ).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    expect(postRow(slugOf(title))).toBeTruthy()

    await page.getByRole('link', { name: `Delete ${title}` }).click()
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByText('Post deleted')).toBeVisible()
    await expect(page.getByRole('article', { name: title })).toHaveCount(0)
    expect(postRow(slugOf(title))).toBeUndefined()
  })

  test('search by title or slug and filter by status; empty result message', async ({ page }) => {
    const stem = unique('Filter Case')
    insertPost(`${stem} draft`)
    insertPost(`${stem} live`, 'published')
    await page.goto('/admin/blog')
    // Typing and choosing apply at once, as on every list; the address follows.
    await page.getByLabel('Search by title or slug').fill(slugOf(stem))
    await expect(page.getByRole('article')).toHaveCount(2)
    await expect(page.getByLabel('Search by title or slug')).toBeFocused()
    await page.getByLabel('Status').selectOption('published')
    await expect(page).toHaveURL(new RegExp(`\\?q=${slugOf(stem)}&status=published$`))
    await expect(page.getByRole('article')).toHaveCount(1)
    await expect(page.getByRole('article', { name: `${stem} live` })).toBeVisible()
    await page.goto('/admin/blog?q=zz-no-such-post-zz&status=bogus')
    await expect(page.getByText('No posts found. Create your first blog post to get started!')).toBeVisible()
  })

  test('leaving the editor with unsaved changes asks first', async ({ page }) => {
    await page.goto('/admin/blog/new')
    await page.getByLabel('Title', { exact: true }).fill('Unsaved thoughts')
    let asked = ''
    page.once('dialog', (dialog) => {
      asked = dialog.message()
      void dialog.dismiss()
    })
    await page.getByRole('link', { name: '← All posts' }).click()
    await expect.poll(() => asked).toContain('unsaved changes')
    await expect(page).toHaveURL(/\/admin\/blog\/new$/)
    page.once('dialog', (dialog) => void dialog.accept())
    await page.getByRole('link', { name: '← All posts' }).click()
    await expect(page).toHaveURL(/\/admin\/blog$/)
  })

  test('an admin previews a draft at /blog/{slug}; everyone else gets Post Not Found', async ({
    page,
    browser,
    baseURL,
  }) => {
    const title = unique('Draft Preview')
    insertPost(title)
    await page.goto(`/blog/${slugOf(title)}`)
    await expect(page.getByText('Preview – not published')).toBeVisible()
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()

    const anonymous = await browser.newContext({ baseURL })
    try {
      const response = await anonymous.request.get(`/blog/${slugOf(title)}`)
      expect(response.status()).toBe(404)
      expect(await response.text()).toContain('Post Not Found')
    } finally {
      await anonymous.close()
    }
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, signedIn: true })

  test('creates, previews, edits and deletes a post', async ({ page }) => {
    const title = unique('No Script Post')
    const slug = slugOf(title)
    await page.goto('/admin/blog/new')
    await page.getByLabel('Title', { exact: true }).fill(title)
    await page.getByLabel('Content (Markdown)').fill('A **bold** start.')
    await page.getByRole('button', { name: 'Preview changes', exact: true }).click()
    await expect(page.getByRole('region', { name: 'Content preview' }).locator('strong')).toHaveText('bold')
    // The whole post page, as visitors will see it: its title as the page heading, and the byline.
    await expect(
      page.getByRole('region', { name: 'Content preview' }).getByRole('heading', { name: title, level: 1 }),
    ).toBeVisible()
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title)
    expect(postRow(slug)).toBeUndefined()

    // Errors keep every typed value.
    await page.getByLabel('Excerpt').fill('e'.repeat(501))
    await page.getByRole('button', { name: 'Save post', exact: true }).click()
    await expect(page.getByText('Excerpt must be less than 500 characters')).toBeVisible()
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title)
    await expect(page.getByLabel('Content (Markdown)')).toHaveValue('A **bold** start.')

    await page.getByLabel('Excerpt').fill('Short excerpt')
    await page.getByLabel('Upload an image').setInputFiles({ name: 'hero.png', mimeType: 'image/png', buffer: PNG })
    await page.getByRole('button', { name: 'Save post', exact: true }).click()
    await expect(page).toHaveURL(/\/admin\/blog$/)
    await expect(page.getByText('Post created')).toBeVisible()
    await expect(page.getByText(/It is a draft and not public\./)).toBeVisible()
    // The server filled the empty slug from the title.
    const row = postRow(slug)!
    expect(row.title).toBe(title)
    expect(row.hero_image_url).toMatch(/^\/uploads\/blog-images\/.+\.png$/)

    await page.getByRole('link', { name: `Edit ${title}` }).click()
    await page.getByLabel('Status').selectOption('scheduled')
    // Scheduled needs a time ahead.
    await page.getByRole('button', { name: 'Save post', exact: true }).click()
    await expect(page.getByText('Choose the date and time the post should go live')).toBeVisible()
    await page.getByLabel(/Publish date/).fill('2030-12-03T09:00')
    await page.getByRole('button', { name: 'Save post', exact: true }).click()
    await expect(page.getByText('Post updated')).toBeVisible()
    expect(postRow(slug)?.status).toBe('scheduled')
    expect(postRow(slug)?.published_at).toBe('2030-12-03T15:00:00.000Z')

    await page.getByRole('link', { name: `Delete ${title}` }).click()
    await expect(page).toHaveURL(/\/admin\/blog\/\d+\/delete$/)
    await expect(page.getByRole('heading', { name: 'Are you sure?' })).toBeVisible()
    await expect(
      page.getByText('This action cannot be undone. This will permanently delete the blog post.'),
    ).toBeVisible()
    await page.getByRole('button', { name: 'Delete' }).click()
    await expect(page).toHaveURL(/\/admin\/blog$/)
    await expect(page.getByText('Post deleted')).toBeVisible()
    expect(postRow(slug)).toBeUndefined()
    // The featured image waits in the Trash with the post (Restore brings both back); it goes when the post is removed for good.
    expect((await page.request.get(row.hero_image_url!)).status()).toBe(200)
  })
})

test('a non-admin POST to every post action changes nothing', async ({ context, baseURL, page }) => {
  const title = unique('Guarded Post')
  const id = insertPost(title)
  await signIn(context, baseURL!, { email: 'staff@example.com', admin: false })
  const headers = { Origin: baseURL! }
  const form = { title: 'Hacked', slug: 'hacked', status: 'published', content: 'x' }
  for (const path of ['/admin/blog/new', `/admin/blog/edit/${id}`, `/admin/blog/${id}/delete`, '/admin/blog/preview']) {
    const response = await page.request.post(path, { form, headers, maxRedirects: 0 })
    expect([302, 303], path).toContain(response.status())
    expect(response.headers()['location'], path).toBe('/')
  }
  // (Other tests add posts meanwhile, so the proof is by name, not by count.)
  expect(postRow(slugOf(title))?.title).toBe(title)
  expect(postRow('hacked')).toBeUndefined()
})
