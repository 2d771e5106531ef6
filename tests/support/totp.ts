import { createHmac } from 'node:crypto'

/**
 * An authenticator app in a few lines (RFC 6238: HMAC-SHA-1, 6 digits, 30
 * seconds), written here from the standard rather than borrowed from the
 * library under test, so the tests check the app against what a phone does.
 */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase()
  let bits = ''
  for (const char of clean) {
    const value = BASE32.indexOf(char)
    if (value < 0) throw new Error(`not base32: ${char}`)
    bits += value.toString(2).padStart(5, '0')
  }
  const bytes: number[] = []
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2))
  return Buffer.from(bytes)
}

/** The 6-digit code a phone shows for `secret` at `at` (default: now). */
export function totpCode(secret: string, at: Date | number = Date.now()): string {
  const step = Math.floor(new Date(at).getTime() / 1000 / 30)
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(step))
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest()
  const offset = mac[mac.length - 1]! & 0xf
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000
  return String(value).padStart(6, '0')
}

/** Milliseconds into the current 30-second step. */
export function msIntoStep(at: number = Date.now()): number {
  return at % 30_000
}
