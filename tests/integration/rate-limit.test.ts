import { randomBytes } from 'node:crypto'

import { RouterContextProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import { CONTACT_ADDRESS_RULE, LOGIN_ACCOUNT_RULE, recordContactMessage } from '~/auth/attempt-limits.server'
import { checkLimit, clientAddress, hitLimit, retryMessage } from '~/auth/rate-limit.server'
import { resetConfigForTesting } from '~/config.server'
import { requestContext } from '~/context'
import { addressForLimits } from '~/lib/client-network.server'

import { useAuthTest } from './auth-support'

/** The attempt limiter itself: scaling, keys, its words, and the clean-up of old counters. */
const t = useAuthTest()
afterEach(() => {
  process.env.RATE_LIMIT_MULTIPLIER = '1'
  resetConfigForTesting()
})

describe('the limits', () => {
  it('grow with RATE_LIMIT_MULTIPLIER: 5 contact messages from one sender become 15 at 3', async () => {
    process.env.RATE_LIMIT_MULTIPLIER = '3'
    resetConfigForTesting()
    for (let i = 0; i < 15; i++)
      expect(await recordContactMessage('192.0.2.1', 'pat@example.com'), `message ${i + 1}`).toBeNull()
    expect(await recordContactMessage('192.0.2.1', 'pat@example.com')).toEqual({
      message: 'You have sent several messages in a short time. Please try again in 10 minutes.',
      retryAfterSeconds: expect.any(Number),
    })
  })

  it('say 0 seconds to wait once a delay has passed, while the count is still remembered', async () => {
    const start = new Date('2090-06-01T00:00:00Z')
    for (let i = 0; i < 6; i++) await hitLimit(LOGIN_ACCOUNT_RULE, { account: 'a@example.com' }, start)
    expect(await checkLimit(LOGIN_ACCOUNT_RULE, { account: 'a@example.com' }, start)).toEqual({
      hits: 6,
      limited: true,
      retryAfterSeconds: 1,
    })
    const later = new Date(start.getTime() + 5_000)
    expect(await checkLimit(LOGIN_ACCOUNT_RULE, { account: 'a@example.com' }, later)).toEqual({
      hits: 6,
      limited: false,
      retryAfterSeconds: 0,
    })
  })

  it('refuse to count a per-account rule without an account, or a per-address rule without an address', async () => {
    await expect(checkLimit(LOGIN_ACCOUNT_RULE, { address: '192.0.2.1' })).rejects.toThrow(
      'The limit login-account counts per account: give an account',
    )
    await expect(hitLimit(CONTACT_ADDRESS_RULE, { account: 'a@example.com' })).rejects.toThrow(
      'The limit contact-address counts per address: give an address',
    )
  })

  it('remove expired counters at most once a minute, and again when the clock went back', async () => {
    const expired = () =>
      t.sqlite
        .prepare(
          `INSERT INTO attempt_counters (rule, key, hits, blocked_until, expires_at) VALUES ('old', ?, 1, NULL, '2000-01-01T00:00:00.000Z')`,
        )
        .run(randomBytes(32).toString('hex'))
    const oldRows = () => t.sqlite.prepare(`SELECT count(*) FROM attempt_counters WHERE rule = 'old'`).pluck().get()
    const start = new Date('2090-01-01T00:00:00Z')
    expired()
    await hitLimit(CONTACT_ADDRESS_RULE, { address: '192.0.2.1' }, start)
    expect(oldRows()).toBe(0)
    expired()
    await hitLimit(CONTACT_ADDRESS_RULE, { address: '192.0.2.1' }, new Date(start.getTime() + 30_000))
    expect(oldRows()).toBe(1)
    await hitLimit(CONTACT_ADDRESS_RULE, { address: '192.0.2.1' }, new Date(start.getTime() - 60 * 60_000))
    expect(oldRows()).toBe(0)
    expired()
    await hitLimit(CONTACT_ADDRESS_RULE, { address: '192.0.2.1' }, new Date(start.getTime() - 60 * 60_000 + 60_000))
    expect(oldRows()).toBe(0)
  })
})

describe('the words of a refusal', () => {
  it.each([
    [1, 'Please try again in 1 second.'],
    [2, 'Please try again in 2 seconds.'],
    [59, 'Please try again in 59 seconds.'],
    [60, 'Please try again in 1 minute.'],
    [61, 'Please try again in 2 minutes.'],
    [900, 'Please try again in 15 minutes.'],
  ])('%i s: %s', (seconds, words) => {
    expect(retryMessage(seconds)).toBe(words)
  })
})

describe('the client address', () => {
  it('is the one the HTTP layer worked out, or "unknown"', () => {
    const request = new Request('http://127.0.0.1:4999/contact')
    expect(clientAddress(request, requestContext({ clientAddress: '203.0.113.9', cspNonce: '' }))).toBe('203.0.113.9')
    expect(clientAddress(request, new RouterContextProvider())).toBe('unknown')
    expect(clientAddress(request)).toBe('unknown')
  })
})

describe('the address a limit counts', () => {
  it('someone on one home IPv6 connection who takes a new address for each message is stopped as one sender', async () => {
    // The contact form takes 30 messages from one address in 10 minutes. A home or phone
    // connection owns a whole /64 and can send each message from another address in it.
    const home = '2001:db8:4a1c:7e00'
    for (let i = 1; i <= 30; i++)
      expect(await recordContactMessage(`${home}:${i.toString(16)}::1`, `writer${i}@example.com`)).toBeNull()
    expect(await recordContactMessage(`${home}:ffff:ffff:ffff:ffff`, 'writer31@example.com')).toEqual({
      message: 'You have sent several messages in a short time. Please try again in 10 minutes.',
      retryAfterSeconds: expect.any(Number),
    })
    // The neighbour on the next /64 writes as usual.
    expect(await recordContactMessage('2001:db8:4a1c:7e01::1', 'neighbour@example.com')).toBeNull()
  })

  it('keeps IPv4 addresses apart, and reads each way of writing one IPv6 network alike', () => {
    expect(addressForLimits('192.0.2.1')).toBe('192.0.2.1')
    expect(addressForLimits('192.0.2.2')).toBe('192.0.2.2')
    // How Node names an IPv4 client on a dual-stack socket, in both spellings.
    expect(addressForLimits('::ffff:192.0.2.1')).toBe('192.0.2.1')
    expect(addressForLimits('::FFFF:192.0.2.1')).toBe('192.0.2.1')
    expect(addressForLimits('::FFFF:c000:201')).toBe('192.0.2.1')
    const network = '2001:db8:0:7::/64'
    for (const written of [
      '2001:db8:0:7::1',
      '2001:0db8:0000:0007:abcd:ef01:2345:6789',
      '2001:DB8:0:7:0:0:0:1',
      '[2001:db8:0:7::1]',
      '2001:db8:0:7::1%eth0',
      '2001:db8:0:7:1:2:192.0.2.1',
    ])
      expect(addressForLimits(written), written).toBe(network)
    expect(addressForLimits('2001:db8::1')).toBe('2001:db8:0:0::/64')
    // An IPv4 ending elsewhere than right after ::ffff: is an ordinary IPv6 address.
    expect(addressForLimits('1::ffff:192.0.2.1')).toBe('1:0:0:0::/64')
    expect(addressForLimits('1::ffff:c000:201')).toBe('1:0:0:0::/64')
    expect(addressForLimits('::ffff:c000:201:5')).toBe('0:0:0:0::/64')
    expect(addressForLimits('::1')).toBe('0:0:0:0::/64')
    expect(addressForLimits('::')).toBe('0:0:0:0::/64')
    expect(addressForLimits('2001:db8:0:8::1')).not.toBe(network)
  })

  it('counts anything that is no address as written', () => {
    for (const other of [
      'unknown',
      'not an address',
      '2001:db8::g',
      '999.1.1.1',
      '::ffff:999.1.1.1',
      '::ffff:192.0.2.1x',
      'a[::1]',
      '[::1]a',
      '',
    ])
      expect(addressForLimits(other)).toBe(other)
  })
})
