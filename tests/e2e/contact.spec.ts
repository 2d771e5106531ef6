import { randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

import type { Page } from '@playwright/test'

import { expect, test } from './fixtures'
import { e2eDatabase } from './support/session'

const SUCCESS = '✅ Message sent successfully!'

interface InquiryRow {
  name: string
  email: string
  phone: string
  topic: string
  message: string
  status: string
}

function inquiryByEmail(email: string): InquiryRow | undefined {
  const db = e2eDatabase()
  try {
    return db
      .prepare('SELECT name, email, phone, topic, message, status FROM contact_inquiries WHERE email = ?')
      .get(email) as InquiryRow | undefined
  } finally {
    db.close()
  }
}

function outboxMailsMentioning(text: string): string[] {
  const dir = process.env.E2E_OUTBOX_DIR!
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .filter((body) => body.includes(text))
  } catch {
    return []
  }
}

function outboxMailMentioning(text: string): string | undefined {
  return outboxMailsMentioning(text)[0]
}

/** Each field, by its label, was refused with this message: in the summary's link and in the field's description. */
async function expectRefused(page: Page, messages: Record<string, string>) {
  const summary = page.locator('#contact-form-summary')
  for (const [label, message] of Object.entries(messages)) {
    await expect(summary.getByRole('link', { name: message })).toBeVisible()
    const field = page.getByLabel(label, { exact: true })
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toHaveAccessibleDescription(new RegExp(message))
  }
  await expect(summary.getByRole('link')).toHaveCount(Object.keys(messages).length)
}

function someone() {
  const id = randomUUID().slice(0, 8)
  return { id, name: `Pat Tester ${id}`, email: `pat.${id}@example.com` }
}

async function fillForm(
  page: Page,
  values: { name?: string; email?: string; phone?: string; topic?: string; message?: string },
) {
  if (values.name !== undefined) await page.getByLabel('Name', { exact: true }).fill(values.name)
  if (values.email !== undefined) await page.getByLabel('Email', { exact: true }).fill(values.email)
  if (values.phone !== undefined) await page.getByLabel(/^Phone/).fill(values.phone)
  if (values.topic !== undefined) await page.getByLabel('Topic', { exact: true }).selectOption({ label: values.topic })
  if (values.message !== undefined) await page.getByLabel('Message', { exact: true }).fill(values.message)
}

/** A patient opens the contact page, fills in the form with their name and email and presses Send Message. */
async function sendMessage(
  page: Page,
  from: { name: string; email: string },
  values: { phone?: string; topic: string; message: string },
) {
  await page.goto('/contact')
  await fillForm(page, { name: from.name, email: from.email, ...values })
  await page.getByRole('button', { name: 'Send Message' }).click()
}

test.describe('the contact page', () => {
  test('shows both stores’ phones and addresses and the email from the settings', async ({ page, baseURL }) => {
    const response = await page.goto('/contact')
    expect(response?.status()).toBe(200)
    await expect(page).toHaveTitle(/Contact/)
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/contact`)
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible()
    await expect(page.getByRole('main').getByRole('link', { name: '(405) 555-0178' })).toHaveAttribute(
      'href',
      'tel:+14055550178',
    )
    await expect(page.getByRole('main').getByRole('link', { name: 'hello@lindseystreetcannabis.com' })).toHaveAttribute(
      'href',
      'mailto:hello@lindseystreetcannabis.com',
    )
    await expect(page.getByRole('main').getByText('112 West Main Street')).toBeVisible()
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Call Lindsey Street Cannabis Co. at (405) 555-0142' }),
    ).toHaveAttribute('href', 'tel:+14055550142')
    await expect(page.getByRole('main').getByText('530 West Lindsey Street')).toBeVisible()
  })

  test('offers the four topics', async ({ page }) => {
    await page.goto('/contact')
    const options = page.getByLabel('Topic', { exact: true }).locator('option')
    await expect(options).toHaveText([
      'Select a topic',
      'Product Suggestion',
      'Career Opportunity',
      'Review Feedback',
      'General Question',
    ])
    expect(await options.evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value))).toEqual([
      '',
      'product-suggestion',
      'career',
      'review',
      'general',
    ])
  })

  test('shows each validation message when a field is left', async ({ page }) => {
    await page.goto('/contact')
    const expectError = async (label: string, message: string) => {
      const field = label === 'Phone' ? page.getByLabel(/^Phone/) : page.getByLabel(label, { exact: true })
      await expect(field).toHaveAttribute('aria-invalid', 'true')
      await expect(field).toHaveAccessibleDescription(new RegExp(message))
      await expect(page.getByText(message)).toBeVisible()
    }
    await page.getByLabel('Name', { exact: true }).focus()
    await page.getByLabel('Name', { exact: true }).blur()
    await expectError('Name', 'Name is required')
    await fillForm(page, { name: 'n'.repeat(101) })
    await expectError('Name', 'Name must be less than 100 characters')

    await fillForm(page, { email: 'not-an-email' })
    await page.getByLabel('Email', { exact: true }).blur()
    await expectError('Email', 'Invalid email address')
    await fillForm(page, { email: `${'e'.repeat(250)}@example.com` })
    await expectError('Email', 'Email must be less than 255 characters')

    await fillForm(page, { phone: '1'.repeat(21) })
    await page.getByLabel(/^Phone/).blur()
    await expectError('Phone', 'Phone must be less than 20 characters')

    await page.getByLabel('Topic', { exact: true }).focus()
    await page.getByLabel('Topic', { exact: true }).blur()
    await expectError('Topic', 'Please select a topic')

    await fillForm(page, { message: 'Too short' })
    await page.getByLabel('Message', { exact: true }).blur()
    await expectError('Message', 'Message must be at least 10 characters')
    await fillForm(page, { message: 'm'.repeat(5001) })
    await expectError('Message', 'Message must be less than 5000 characters')

    // Nothing was sent while the form is invalid.
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByText(SUCCESS)).toHaveCount(0)
  })

  test('sends a message: saved first, staff emailed, then an empty form', async ({ page }) => {
    const who = someone()
    await sendMessage(page, who, {
      phone: '(405) 555-0100',
      topic: 'Career Opportunity',
      message: 'I would love to apply for a budtender position.',
    })
    await expect(page.getByText(SUCCESS)).toBeVisible()
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('')
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('')
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('')
    await expect(page.getByLabel('Topic', { exact: true })).toHaveValue('')

    expect(inquiryByEmail(who.email)).toEqual({
      name: who.name,
      email: who.email,
      phone: '(405) 555-0100',
      topic: 'career',
      message: 'I would love to apply for a budtender position.',
      status: 'new',
    })
    await expect.poll(() => outboxMailMentioning(who.email)).toBeTruthy()
    const mail = outboxMailMentioning(who.email)!
    expect(mail).toMatch(/^To: staff@example\.com/m)
    expect(mail).toMatch(/^Reply-To: .*pat\./m)
    expect(mail).toContain(`Subject: New contact inquiry: Career Opportunity from ${who.name}`)
  })

  test('a patient who presses Send twice within a minute leaves one inquiry and one staff email', async ({ page }) => {
    const who = someone()
    const message = 'Is the 15% first-visit discount on the whole purchase?'
    for (const attempt of [1, 2]) {
      await sendMessage(page, who, { topic: 'General Question', message })
      // The second answer says the message already arrived; the form empties either way.
      await expect(page.getByText(attempt === 1 ? SUCCESS : 'We already have this message')).toBeVisible()
      await expect(page.getByLabel('Message', { exact: true })).toHaveValue('')
    }
    const db = e2eDatabase()
    try {
      const saved = db.prepare('SELECT COUNT(*) AS n FROM contact_inquiries WHERE email = ?').get(who.email) as {
        n: number
      }
      expect(saved.n).toBe(1)
    } finally {
      db.close()
    }
    await expect.poll(() => outboxMailsMentioning(who.email).length).toBe(1)
    // Given time for a second email to be written, still one.
    await page.waitForTimeout(1500)
    expect(outboxMailsMentioning(who.email)).toHaveLength(1)
  })

  test('treats the phone number as optional (saved as an empty string)', async ({ page }) => {
    const who = someone()
    await sendMessage(page, who, { topic: 'General Question', message: 'Do you have an ATM on site?' })
    await expect(page.getByText(SUCCESS)).toBeVisible()
    expect(inquiryByEmail(who.email)?.phone).toBe('')
  })

  test('refuses a post whose honeypot field is filled in or missing', async ({ request }) => {
    const who = someone()
    const base = {
      name: who.name,
      email: who.email,
      phone: '',
      topic: 'general',
      message: 'Hello from a robot, honestly.',
    }
    const filled = await request.post('/contact', { form: { ...base, company: 'Spam Inc' } })
    expect(filled.status()).toBe(400)
    expect(await filled.text()).toContain('looked automated')
    const missing = await request.post('/contact', { form: base })
    expect(missing.status()).toBe(400)
    expect(inquiryByEmail(who.email)).toBeUndefined()

    const human = await request.post('/contact', { form: { ...base, company: '' }, maxRedirects: 0 })
    expect(human.status()).toBe(302)
    expect(human.headers().location).toBe('/contact')
    expect(inquiryByEmail(who.email)).toBeDefined()
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('the server shows the validation messages and keeps what was typed', async ({ page }) => {
      await page.goto('/contact')
      await fillForm(page, { name: '', email: 'nope', phone: '1'.repeat(25), message: 'short' })
      await page.getByRole('button', { name: 'Send Message' }).click()
      // The page opens at a summary linking to each refused field; each field names its problem too.
      await expect(page).toHaveURL(/\/contact#contact-form-summary$/)
      await expectRefused(page, {
        Name: 'Name is required',
        Email: 'Invalid email address',
        'Phone (optional)': 'Phone must be less than 20 characters',
        Topic: 'Please select a topic',
        Message: 'Message must be at least 10 characters',
      })
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue('nope')
      await expect(page.getByLabel('Message', { exact: true })).toHaveValue('short')
      await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true')

      await fillForm(page, {
        name: 'n'.repeat(120),
        email: `${'e'.repeat(250)}@example.com`,
        phone: '',
        message: 'x'.repeat(5001),
      })
      await page.getByLabel('Topic', { exact: true }).selectOption('review')
      await page.getByRole('button', { name: 'Send Message' }).click()
      await expectRefused(page, {
        Name: 'Name must be less than 100 characters',
        Email: 'Email must be less than 255 characters',
        Message: 'Message must be less than 5000 characters',
      })
    })

    test('a valid message is sent and the form comes back empty', async ({ page }) => {
      const who = someone()
      await page.goto('/contact')
      await fillForm(page, { name: who.name, email: who.email, message: 'Please stock more Oklahoma-grown edibles.' })
      await page.getByLabel('Topic', { exact: true }).selectOption('product-suggestion')
      await page.getByRole('button', { name: 'Send Message' }).click()
      await expect(page).toHaveURL(/\/contact(#contact-form-summary)?$/)
      await expect(page.getByText(SUCCESS)).toBeVisible()
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue('')
      expect(inquiryByEmail(who.email)).toMatchObject({ name: who.name, topic: 'product-suggestion', phone: '' })
    })
  })
})
