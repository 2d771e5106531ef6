import { e2eDatabase } from './session'

export interface SeedInquiry {
  name: string
  email?: string
  phone?: string
  topic?: 'product-suggestion' | 'career' | 'review' | 'general'
  message?: string
  status?: 'new' | 'in-progress' | 'closed'
}

/** Inserts contact inquiries straight into the e2e database; returns their ids. */
export function seedInquiries(rows: SeedInquiry[]): number[] {
  const db = e2eDatabase()
  try {
    const insert = db.prepare(
      'INSERT INTO contact_inquiries (name, email, phone, topic, message, status) VALUES (?, ?, ?, ?, ?, ?)',
    )
    return rows.map((row) =>
      Number(
        insert.run(
          row.name,
          row.email ?? 'patient@example.com',
          row.phone ?? '',
          row.topic ?? 'general',
          row.message ?? 'A question about your hours this weekend.',
          row.status ?? 'new',
        ).lastInsertRowid,
      ),
    )
  } finally {
    db.close()
  }
}

export function inquiryStatus(id: number): string | undefined {
  const db = e2eDatabase()
  try {
    return (db.prepare('SELECT status FROM contact_inquiries WHERE id = ?').get(id) as { status: string } | undefined)
      ?.status
  } finally {
    db.close()
  }
}

export function deleteInquiry(id: number) {
  const db = e2eDatabase()
  try {
    db.prepare('DELETE FROM contact_inquiries WHERE id = ?').run(id)
  } finally {
    db.close()
  }
}

export function uniqueName(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
}
