import type { Page } from '@playwright/test'

import { expect, test } from './fixtures'
import { inquiryStatus, seedInquiries, uniqueName } from './support/inquiries'
import { screenshotPath } from './support/screenshots'
import { e2eDatabase, signIn } from './support/session'

/** A page answering a form post can take several seconds on a busy shared test machine. */

/**
 * A budtender works through the morning's messages on the shop phone and the
 * counter laptop: finds the one about gummies by its words, closes several at
 * once, leaves a note for the next shift, replies by email.
 */
const PHONE = { width: 390, height: 844 }
const LAPTOP = { width: 1280, height: 800 }

function noteOf(id: number): string {
  const db = e2eDatabase()
  try {
    return db.prepare('SELECT staff_note FROM contact_inquiries WHERE id = ?').pluck().get(id) as string
  } finally {
    db.close()
  }
}

function activityFor(id: number): { action: string; changes: string | null }[] {
  const db = e2eDatabase()
  try {
    return db
      .prepare("SELECT action, changes FROM activity_log WHERE kind = 'inquiry' AND subject_id = ? ORDER BY id")
      .all(id) as { action: string; changes: string | null }[]
  } finally {
    db.close()
  }
}

function row(page: Page, name: string) {
  return page.getByRole('row', { name: new RegExp(name) })
}

for (const viewport of [PHONE, LAPTOP]) {
  test.describe(`at ${viewport.width} px with JavaScript`, () => {
    test.use({ viewport })
    test.beforeEach(async ({ context, baseURL }) => {
      await signIn(context, baseURL!)
    })

    test('a search finds the words of a message', async ({ page }) => {
      const stem = uniqueName('Gummy Fan')
      const word = `gummies${Date.now().toString(36)}`
      seedInquiries([{ name: stem, message: `Do you still carry the watermelon ${word} from last month?` }])
      await page.goto(`/admin/inquiries?q=${word}`)
      await expect(row(page, stem)).toBeVisible()
      await expect(page.getByRole('row').filter({ has: page.getByRole('rowheader') })).toHaveCount(1)
    })

    test('I tick two messages and close them at once; the third stays as it was', async ({ page }) => {
      const stem = uniqueName('Bulk')
      const [a, b, c] = seedInquiries([{ name: `${stem} Ann` }, { name: `${stem} Bea` }, { name: `${stem} Cal` }])
      await page.goto(`/admin/inquiries?q=${encodeURIComponent(stem)}`)
      await page.getByLabel(`Select the inquiry from ${stem} Ann`).check()
      await page.getByLabel(`Select the inquiry from ${stem} Cal`).check()
      await expect(page.getByText('(2 selected)')).toBeVisible()
      if (viewport === PHONE) await page.screenshot({ path: screenshotPath('admin-inquiries-390.png') })
      await page.getByRole('button', { name: 'Mark closed' }).click()
      await expect(page.getByText('Status updated successfully')).toBeVisible()
      await expect(page.getByText('2 inquiries marked closed.')).toBeVisible()
      expect([inquiryStatus(a!), inquiryStatus(b!), inquiryStatus(c!)]).toEqual(['closed', 'new', 'closed'])
      // The list is the same search, now showing the new statuses.
      await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(stem).replace(/%20/g, '\\+')}`))
      await expect(page.getByLabel(`Status of the inquiry from ${stem} Ann`)).toHaveValue('closed')
      expect(activityFor(a!).map((e) => e.action)).toEqual(['status changed'])

      // "Select all" ticks every row shown.
      await page.getByLabel('Select all').check()
      await expect(page.getByText('(3 selected)')).toBeVisible()
      await page.getByRole('button', { name: 'Mark in progress' }).click()
      await expect(page.getByText('3 inquiries marked in progress.')).toBeVisible()
      expect([inquiryStatus(a!), inquiryStatus(b!), inquiryStatus(c!)]).toEqual([
        'in-progress',
        'in-progress',
        'in-progress',
      ])
    })

    test('nothing ticked: I am told to pick some, and nothing changes', async ({ page }) => {
      const stem = uniqueName('Nothing Ticked')
      const [id] = seedInquiries([{ name: stem }])
      await page.goto(`/admin/inquiries?q=${encodeURIComponent(stem)}`)
      await page.getByRole('button', { name: 'Mark closed' }).click()
      await expect(page.getByText('Select at least one inquiry first.')).toBeVisible()
      expect(inquiryStatus(id!)).toBe('new')
    })

    test('I leave a note for the next shift; only staff see it and the log keeps it', async ({ page }) => {
      const name = uniqueName('Note Taker')
      const [id] = seedInquiries([{ name, email: 'note.taker@example.com' }])
      await page.goto(`/admin/inquiries?q=${encodeURIComponent(name)}`)
      const line = row(page, name)
      await line.getByText('Add note').click()
      await line
        .getByLabel(`Staff note on the inquiry from ${name}`)
        .fill('Called back Tuesday; wants the 1:1 tincture.')
      await line.getByRole('button', { name: 'Save note' }).click()
      await expect(page.getByText('Note saved')).toBeVisible()
      await expect(
        row(page, name).locator('p').filter({ hasText: 'Called back Tuesday; wants the 1:1 tincture.' }),
      ).toBeVisible()
      // Its editor closed behind the save.
      await expect(row(page, name).getByRole('button', { name: 'Save note' })).toBeHidden()
      expect(noteOf(id!)).toBe('Called back Tuesday; wants the 1:1 tincture.')
      const [entry] = activityFor(id!)
      expect(entry!.action).toBe('note changed')
      expect(JSON.parse(entry!.changes!)).toMatchObject([
        { label: 'Staff note', before: '', after: 'Called back Tuesday; wants the 1:1 tincture.' },
      ])
    })

    test('Reply opens the mail program with the address and a subject; the time shows beside the date', async ({
      page,
    }) => {
      const name = uniqueName('Replying')
      seedInquiries([{ name, email: 'jo.patient@example.com' }])
      await page.goto(`/admin/inquiries?q=${encodeURIComponent(name)}`)
      const line = row(page, name)
      await expect(line.getByRole('link', { name: `Reply to ${name} by email` })).toHaveAttribute(
        'href',
        'mailto:jo.patient@example.com?subject=Re%3A%20Your%20message%20to%20Lindsey%20Street%20Cannabis%20Co.',
      )
      await expect(line.locator('time')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4} · \d{1,2}:\d\d [AP]M$/)
    })
  })
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  for (const viewport of [PHONE, LAPTOP]) {
    test(`at ${viewport.width} px the ticked messages are marked in progress by a plain form`, async ({
      page,
      context,
      baseURL,
    }) => {
      await page.setViewportSize(viewport)
      await signIn(context, baseURL!)
      const stem = uniqueName('No Script Bulk')
      const [a, b] = seedInquiries([{ name: `${stem} Dee` }, { name: `${stem} Eli` }])
      await page.goto(`/admin/inquiries?q=${encodeURIComponent(stem)}`)
      await page.getByLabel(`Select the inquiry from ${stem} Eli`).check()
      await page.getByRole('button', { name: 'Mark in progress' }).click()
      await expect(page.getByText('1 inquiry marked in progress.')).toBeVisible()
      expect([inquiryStatus(a!), inquiryStatus(b!)]).toEqual(['new', 'in-progress'])
      // And a note, the same way.
      await row(page, `${stem} Dee`).getByText('Add note').click()
      await row(page, `${stem} Dee`)
        .getByLabel(/Staff note on the inquiry/)
        .fill('Left a voicemail.')
      await row(page, `${stem} Dee`).getByRole('button', { name: 'Save note' }).click()
      await expect(page.getByText('Note saved')).toBeVisible()
      expect(noteOf(a!)).toBe('Left a voicemail.')
    })
  }
})

test.describe('a busy inbox, without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  for (const viewport of [PHONE, LAPTOP]) {
    test(`at ${viewport.width} px: 55 messages show 50 at a time; I close an old one on page 2 and stay there`, async ({
      page,
      context,
      baseURL,
    }) => {
      await page.setViewportSize(viewport)
      await signIn(context, baseURL!)
      const stem = uniqueName('Busy Week')
      // Inserted oldest first: the first one is the oldest, so it is on the second page.
      const ids = seedInquiries(Array.from({ length: 55 }, (_, i) => ({ name: `${stem} ${i + 1}` })))
      await page.goto(`/admin/inquiries?q=${encodeURIComponent(stem)}`)
      await expect(page.getByText('55 inquiries · page 1 of 2, newest first')).toBeVisible()
      await expect(page.getByRole('row').filter({ has: page.getByRole('rowheader') })).toHaveCount(50)
      await expect(page.getByRole('link', { name: 'Export all 55 rows (CSV)' })).toBeVisible()
      const pages = page.getByRole('navigation', { name: 'Pages of inquiries' })
      await expect(pages.getByRole('link', { name: '← Newer' })).toHaveCount(0)
      if (viewport === PHONE) {
        await pages.scrollIntoViewIfNeeded()
        await page.screenshot({ path: screenshotPath('admin-inquiries-pages-390.png') })
      }

      await pages.getByRole('link', { name: 'Older →' }).click()
      await expect(page).toHaveURL(/[?&]page=2$/)
      await expect(page.getByText('55 inquiries · page 2 of 2, newest first')).toBeVisible()
      await expect(page.getByRole('row').filter({ has: page.getByRole('rowheader') })).toHaveCount(5)
      // On a phone each cell is read with its column's name first ("Name Busy Week … 1").
      const exactRow = (name: string) =>
        page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`(^|Name )${name}$`) }) })
      const oldest = exactRow(`${stem} 1`)
      await oldest.getByLabel(`Status of the inquiry from ${stem} 1`, { exact: true }).selectOption('closed')
      await oldest.getByRole('button', { name: 'Save' }).click()
      await expect(page.getByText('Status updated successfully')).toBeVisible()
      expect(inquiryStatus(ids[0]!)).toBe('closed')
      await expect(page).toHaveURL(/[?&]page=2$/)
      await expect(page.getByLabel(`Status of the inquiry from ${stem} 1`, { exact: true })).toHaveValue('closed')

      await pages.getByRole('link', { name: '← Newer' }).click()
      await expect(exactRow(`${stem} 55`)).toBeVisible()
    })
  }
})

test.describe('applications', () => {
  test.use({ signedIn: true })

  test('bulk status speaks of applications and changes only career messages', async ({ page, context, baseURL }) => {
    const stem = uniqueName('Applicant')
    const [career, general] = seedInquiries([
      { name: `${stem} Career`, topic: 'career', message: 'I would love to work the evening shift.' },
      { name: `${stem} General`, topic: 'general' },
    ])
    await page.goto(`/admin/applications?q=${encodeURIComponent(stem)}`)
    await expect(page.getByLabel(`Status of the application from ${stem} Career`)).toBeVisible()
    await expect(page.getByRole('link', { name: `Reply to ${stem} Career by email` })).toHaveAttribute(
      'href',
      /subject=Re%3A%20Your%20job%20application%20to%20/,
    )
    await page.getByLabel(`Select the application from ${stem} Career`).check()
    await page.getByRole('button', { name: 'Mark closed' }).click()
    await expect(page.getByText('1 application marked closed.')).toBeVisible()
    expect(inquiryStatus(career!)).toBe('closed')
    // A hand-made post naming a general inquiry changes nothing on the applications list.
    const cookies = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
    await page.request.post('/admin/applications', {
      form: { intent: 'bulk-status', ids: String(general), status: 'closed' },
      headers: { Origin: baseURL!, Cookie: cookies },
      maxRedirects: 0,
    })
    expect(inquiryStatus(general!)).toBe('new')
    // The search also reads the message.
    await page.goto('/admin/applications?q=evening%20shift')
    await expect(row(page, `${stem} Career`)).toBeVisible()
  })
})
