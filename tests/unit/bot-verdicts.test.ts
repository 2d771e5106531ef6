import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

import { isbot } from 'isbot'
import { describe, expect, it } from 'vitest'

import { BotVerdicts, REMEMBERED_AGENT_CHARS, REMEMBERED_AGENTS } from '~/http/visit-counter.server'

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
const CURL = 'curl/8.5.0'

/** A browser's User-Agent no one sent before: a phone's with a made-up build number. */
const phoneNumber = (n: number) => PHONE.replace('15E148', `15E${n}`)

describe('telling bots from people, remembered per User-Agent', () => {
  it('gives the answer isbot gives, the first time and every time after', () => {
    const verdicts = new BotVerdicts()
    for (const agent of [PHONE, GOOGLEBOT, CURL, 'x'.repeat(REMEMBERED_AGENT_CHARS + 1) + ' bot'])
      for (let time = 0; time < 3; time++) expect(verdicts.isBot(agent), agent.slice(0, 40)).toBe(isbot(agent))
    expect(verdicts.isBot(PHONE)).toBe(false)
    expect(verdicts.isBot(GOOGLEBOT)).toBe(true)
  })

  it('a crawler that comes back between thousands of phones is a bot every time, and a phone never is', () => {
    const verdicts = new BotVerdicts()
    for (let n = 0; n < 5 * REMEMBERED_AGENTS; n++) {
      expect(verdicts.isBot(phoneNumber(n))).toBe(false)
      if (n % 97 === 0) expect(verdicts.isBot(GOOGLEBOT)).toBe(true)
    }
  })

  it('keeps at most its bound of User-Agents, and none longer than its bound', () => {
    const verdicts = new BotVerdicts()
    for (let n = 0; n < 3 * REMEMBERED_AGENTS; n++) verdicts.isBot(phoneNumber(n))
    expect(verdicts.size).toBeGreaterThan(0)
    expect(verdicts.size).toBeLessThanOrEqual(REMEMBERED_AGENTS)

    const fresh = new BotVerdicts()
    fresh.isBot('y'.repeat(REMEMBERED_AGENT_CHARS + 1))
    expect(fresh.size).toBe(0)
    fresh.isBot('y'.repeat(REMEMBERED_AGENT_CHARS))
    expect(fresh.size).toBe(1)
  })

  it('holds about a megabyte at most when a client sends a new long User-Agent with every request', () => {
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    const verdicts = new BotVerdicts()
    gc()
    const before = process.memoryUsage().heapUsed
    let grew = 0
    for (let n = 0; n < 20 * REMEMBERED_AGENTS; n++) {
      // Each one a fresh string of nearly the longest length kept, as random headers would be.
      verdicts.isBot(`${n} `.padEnd(REMEMBERED_AGENT_CHARS, 'Mozilla/5.0 '))
      if (n % REMEMBERED_AGENTS === REMEMBERED_AGENTS - 1) {
        gc()
        grew = Math.max(grew, process.memoryUsage().heapUsed - before)
      }
    }
    // 1,000 strings of 512 one-byte characters are about 0.5 MB; without a bound it would be 10 MB.
    expect(grew).toBeLessThan(4 * 1024 * 1024)
  })
})
