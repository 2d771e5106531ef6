import { readFileSync } from 'node:fs'

import { expect, test } from './fixtures'
import { deleteInquiry, inquiryStatus, seedInquiries, uniqueName } from './support/inquiries'
import { signIn } from './support/session'

function todayInChicago() {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Chicago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date())
}

test.describe('with JavaScript', () => {
  test.use({ signedIn: true })

  test('lists, searches and filters inquiries', async ({ page }) => {
    const stem = uniqueName('Inquirer')
    seedInquiries([
      {
        name: `${stem} Ada`,
        email: 'ada@example.com',
        // Typed with dots on her phone; staff read it as every page prints a number, and tap it to call.
        phone: '405.555.0101',
        topic: 'product-suggestion',
        message: 'Please stock more tinctures.',
      },
      { name: `${stem} Bo`, topic: 'review', status: 'closed' },
    ])
    await page.goto('/admin/inquiries')
    await expect(page.getByRole('heading', { name: 'Contact Inquiries', level: 1 })).toBeVisible()
    // With JavaScript the list follows the typing: no Search click, the box keeps the focus and caret.
    const search = page.getByLabel('Search by name, email, topic or message')
    await search.pressSequentially(stem.slice(0, -3))
    await search.press('ArrowLeft')
    await search.pressSequentially(stem.slice(-4, -3))
    await search.press('Delete')
    await search.press('End')
    await search.pressSequentially(stem.slice(-3))
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(stem).replace(/%20/g, '\\+')}$`))
    await expect(search).toBeFocused()
    await expect(search).toHaveValue(stem)
    await search.press('Home')
    await page.waitForTimeout(400)
    expect(await search.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(0)
    const rows = page.getByRole('row').filter({ has: page.getByRole('rowheader') })
    await expect(rows).toHaveCount(2)
    const ada = page.getByRole('row', { name: new RegExp(`${stem} Ada`) })
    await expect(ada.getByRole('link', { name: 'ada@example.com' })).toHaveAttribute('href', 'mailto:ada@example.com')
    await expect(ada.getByRole('link', { name: '(405) 555-0101' })).toHaveAttribute('href', 'tel:+14055550101')
    await expect(ada.getByText('Product Suggestion')).toBeVisible()
    await expect(ada.getByText('Please stock more tinctures.')).toBeVisible()

    await page.getByLabel('Status', { exact: true }).selectOption('closed')
    await expect(page).toHaveURL(/status=closed/)
    await expect(rows).toHaveCount(1)
    await expect(page.getByRole('row', { name: new RegExp(`${stem} Bo`) })).toBeVisible()

    await page.goto('/admin/inquiries?q=zz-nobody-zz&status=nonsense')
    await expect(page.getByText('No inquiries found')).toBeVisible()
  })

  test('the inline status select saves on change', async ({ page }) => {
    const name = uniqueName('Status Change')
    const [id] = seedInquiries([{ name }])
    await page.goto(`/admin/inquiries?q=${encodeURIComponent(name)}`)
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0)
    await page.getByLabel(`Status of the inquiry from ${name}`).selectOption('in-progress')
    await expect(page.getByText('Status updated successfully')).toBeVisible()
    await expect.poll(() => inquiryStatus(id)).toBe('in-progress')
  })

  test('a failed status change says so and keeps the old value', async ({ page }) => {
    const name = uniqueName('Vanishing')
    const [id] = seedInquiries([{ name }])
    await page.goto(`/admin/inquiries?q=${encodeURIComponent(name)}`)
    // Hydrated: the status saves on change (the no-JavaScript Save button is gone).
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0)
    deleteInquiry(id)
    const select = page.getByLabel(`Status of the inquiry from ${name}`)
    await select.selectOption('closed')
    await expect(page.getByText('Failed to update status')).toBeVisible()
    await expect(page.getByText('This inquiry no longer exists')).toBeVisible()
  })

  test('Export CSV downloads what the search shows, formula-safe', async ({ page }) => {
    const stem = uniqueName('Csv')
    seedInquiries([
      {
        name: `${stem} Plain`,
        email: 'plain@example.com',
        message: 'Hello, I have a "quoted" question\nover two lines.',
      },
      {
        name: `=${stem} Formula`,
        email: 'formula@example.com',
        phone: '+1 405 555 0199',
        message: '@SUM(1+1) please',
        status: 'closed',
      },
      { name: uniqueName('Someone Else'), message: 'Not part of this search at all.' },
    ])
    await page.goto(`/admin/inquiries?q=${encodeURIComponent(stem)}`)
    // The button says what it downloads: the rows on screen.
    const exportLink = page.getByRole('link', { name: 'Export the 2 rows shown (CSV)' })
    await expect(exportLink).toHaveAttribute(
      'href',
      `/admin/inquiries/export?q=${encodeURIComponent(stem).replace(/%20/g, '+')}`,
    )
    const [download] = await Promise.all([page.waitForEvent('download'), exportLink.click()])
    expect(download.suggestedFilename()).toBe(`contact-inquiries-${todayInChicago()}.csv`)
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '')
    const lines = csv.split('\r\n')
    expect(lines[0]).toBe('Name,Email,Phone,Topic,Message,Status,Date (America/Chicago)')
    expect(csv).toContain(
      `${stem} Plain,plain@example.com,,General Question,"Hello, I have a ""quoted"" question\nover two lines.",New,`,
    )
    expect(csv).toContain(
      `'=${stem} Formula,formula@example.com,'+1 405 555 0199,General Question,'@SUM(1+1) please,Closed,`,
    )
    expect(csv).not.toContain('Not part of this search')

    const response = await page.request.get(`/admin/inquiries/export?status=closed&q=${encodeURIComponent(stem)}`)
    expect(response.headers()['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers()['content-disposition']).toBe(
      `attachment; filename="contact-inquiries-${todayInChicago()}.csv"`,
    )
    const filtered = (await response.text()).split('\r\n').filter(Boolean)
    expect(filtered).toHaveLength(2)
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, signedIn: true })

  test('the status form saves with its Save button and keeps the search', async ({ page }) => {
    const name = uniqueName('No Script Inquiry')
    const [id] = seedInquiries([{ name }])
    await page.goto(`/admin/inquiries?q=${encodeURIComponent(name)}`)
    const row = page.getByRole('row', { name: new RegExp(name) })
    await row.getByLabel(`Status of the inquiry from ${name}`).selectOption('closed')
    await row.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Status updated successfully')).toBeVisible()
    await expect(page).toHaveURL(/\/admin\/inquiries\?q=/)
    expect(inquiryStatus(id)).toBe('closed')
    await expect(page.getByLabel(`Status of the inquiry from ${name}`)).toHaveValue('closed')
  })

  test('a status change for an inquiry that is gone shows the failure', async ({ page }) => {
    const name = uniqueName('Gone Inquiry')
    const [id] = seedInquiries([{ name }])
    await page.goto(`/admin/inquiries?q=${encodeURIComponent(name)}`)
    deleteInquiry(id)
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Failed to update status')).toBeVisible()
    await expect(page.getByText('This inquiry no longer exists')).toBeVisible()
  })
})

test('a non-admin can neither change a status nor export', async ({ context, baseURL, page }) => {
  const name = uniqueName('Guarded Inquiry')
  const [id] = seedInquiries([{ name }])
  await signIn(context, baseURL!, { email: 'staff@example.com', admin: false })
  const response = await page.request.post('/admin/inquiries', {
    form: { id: String(id), status: 'closed', js: '1' },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  })
  expect([302, 303]).toContain(response.status())
  expect(response.headers()['location']).toBe('/')
  expect(inquiryStatus(id)).toBe('new')
  const exported = await page.request.get('/admin/inquiries/export', { maxRedirects: 0 })
  expect([302, 303]).toContain(exported.status())
})
