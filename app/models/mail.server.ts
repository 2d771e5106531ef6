import { randomUUID } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

import nodemailer, { type Transporter } from 'nodemailer'

import { config } from '~/config.server'
import { getSettings } from '~/models/settings.server'
import { DEFAULT_SETTINGS } from '~/schemas/settings-defaults'

export interface MailMessage {
  to: string
  subject: string
  text: string
  replyTo?: string
}

export interface SentMail {
  /** the .eml file written when no SMTP server is configured */
  file?: string
  messageId?: string
}

let transport: { url: string; transporter: Transporter } | undefined

/**
 * How long an SMTP server may take before the attempt counts as failed (the
 * queue then tries again later): connecting, greeting, and silence mid-send.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }

function smtpTransport(url: string): Transporter {
  if (transport?.url !== url) transport = { url, transporter: nodemailer.createTransport({ url, ...SMTP_TIMEOUTS }) }
  return transport.transporter
}

/** MAIL_FROM, or the brand name of the store facts at no-reply@ the site's host. */
async function fromAddress(): Promise<string | { name: string; address: string }> {
  const configured = config().MAIL_FROM
  if (configured) return configured
  let brand = DEFAULT_SETTINGS.brand_name
  try {
    brand = (await getSettings()).brand_name
  } catch (error) {
    console.error('Mail: the brand name could not be read; using the default', error)
  }
  // As a name and address pair, nodemailer quotes or encodes the name as needed.
  return { name: brand, address: `no-reply@${new URL(config().SITE_URL).hostname}` }
}

/**
 * Sends one email now: through SMTP when SMTP_URL is set, otherwise written
 * as an .eml file into MAIL_OUTBOX_DIR. Throws when sending fails. Requests
 * do not call this: they queue mail (app/models/mail-delivery.server.ts), and the
 * queue calls this with retries.
 */
export async function sendMail(message: MailMessage): Promise<SentMail> {
  const { SMTP_URL, MAIL_OUTBOX_DIR } = config()
  const mail = {
    from: await fromAddress(),
    to: message.to,
    subject: message.subject,
    text: message.text,
    replyTo: message.replyTo,
  }
  if (SMTP_URL) {
    const info = await smtpTransport(SMTP_URL).sendMail(mail)
    return { messageId: info.messageId }
  }
  const build = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  const info = await build.sendMail(mail)
  const dir = resolve(MAIL_OUTBOX_DIR)
  mkdirSync(dir, { recursive: true })
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const file = join(dir, `${stamp}-${randomUUID().slice(0, 8)}.eml`)
  writeFileSync(file, info.message as Buffer)
  return { file, messageId: info.messageId }
}
