import { readFileSync } from 'node:fs'

import { expect, test } from './fixtures'
import { inquiryStatus, seedInquiries, uniqueName } from './support/inquiries'
import { signIn } from './support/session'

test.describe('with JavaScript', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await signIn(context, baseURL!)
  })

  test('lists only career inquiries, with search, status and export', async ({ page }) => {
    const stem = uniqueName('Applicant')
    const [careerId] = seedInquiries([
      { name: `${stem} Budtender`, topic: 'career', message: 'I would like to apply for the budtender opening.' },
      { name: `${stem} Question`, topic: 'general' },
    ])
    await page.goto('/admin')
    await page
      .getByRole('link', { name: /Job Applications/ })
      .first()
      .click()
    await expect(page).toHaveURL(/\/admin\/applications$/)
    await expect(page.getByRole('heading', { name: 'Job Applications', level: 1 })).toBeVisible()

    await page.getByLabel('Search by name, email or message').fill(stem)
    await page.getByRole('button', { name: 'Search' }).click()
    await expect(page.getByRole('row', { name: new RegExp(`${stem} Budtender`) })).toBeVisible()
    await expect(page.getByRole('row', { name: new RegExp(`${stem} Question`) })).toHaveCount(0)

    await page.getByLabel(`Status of the application from ${stem} Budtender`).selectOption('in-progress')
    await expect(page.getByText('Status updated successfully')).toBeVisible()
    await expect.poll(() => inquiryStatus(careerId)).toBe('in-progress')

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /^Export the \d+ rows? shown \(CSV\)$/ }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^job-applications-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = readFileSync((await download.path())!, 'utf8')
    expect(csv).toContain(`${stem} Budtender`)
    expect(csv).toContain('Career Opportunity')
    expect(csv).not.toContain(`${stem} Question`)

    await page.goto('/admin/applications?q=zz-nobody-zz')
    await expect(page.getByText('No applications found')).toBeVisible()
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the status form saves', async ({ context, baseURL, page }) => {
    await signIn(context, baseURL!)
    const name = uniqueName('No Script Applicant')
    const [id] = seedInquiries([{ name, topic: 'career' }])
    await page.goto(`/admin/applications?q=${encodeURIComponent(name)}`)
    await page.getByLabel(`Status of the application from ${name}`).selectOption('closed')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Status updated successfully')).toBeVisible()
    expect(inquiryStatus(id)).toBe('closed')
  })
})

test('applications change only career inquiries, and not for non-admins', async ({ context, baseURL, page }) => {
  const [generalId, careerId] = seedInquiries([
    { name: uniqueName('Not An Applicant'), topic: 'general' },
    { name: uniqueName('Applicant'), topic: 'career' },
  ])
  await signIn(context, baseURL!)
  const response = await page.request.post('/admin/applications', {
    form: { id: String(generalId), status: 'closed', js: '1' },
    headers: { Origin: baseURL! },
  })
  expect(response.status()).toBe(404)
  expect(inquiryStatus(generalId)).toBe('new')

  await context.clearCookies()
  await signIn(context, baseURL!, { email: 'staff@example.com', admin: false })
  const refused = await page.request.post('/admin/applications', {
    form: { id: String(careerId), status: 'closed' },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  })
  expect([302, 303]).toContain(refused.status())
  expect(inquiryStatus(careerId)).toBe('new')
})
