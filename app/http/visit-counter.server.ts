import { hash, randomBytes } from 'node:crypto'
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'

import { isbot } from 'isbot'

import type { StoreKey } from '~/db/types'
import { carriesSessionCookie, parseCookies } from '~/http/cookies.server'
import { tapItem, type TapKind } from '~/lib/taps'
import { nextStoreMidnight, todayInStore } from '~/lib/time'
import { campaignValue, deviceClass, isPrefetch, publicPageOf, referrerSite } from '~/lib/visits'
import { addVisitCounts, pruneVisitCounts, type VisitCountRow, type VisitMetric } from '~/models/visit-counts.server'

import { clientAddressOf } from './page-handler.server'

/**
 * Counts page views and taps in memory and writes them to `visit_counts` in
 * one short transaction every few seconds, so counting never slows a page,
 * not even one served from the page cache. A crash loses at most the counts
 * of those last seconds; a graceful stop writes them first.
 *
 * Unique visitors: a hash of the client's address, its User-Agent and a salt
 * drawn at random for each store day, kept in memory only. At midnight the
 * salt and the day's hashes are thrown away, so nobody can be followed from one
 * day to the next, and nothing written to the database identifies anyone. (A
 * restart draws a new salt too: someone who comes back the same day after a
 * restart counts as a second visitor.)
 *
 * Not counted: bots (isbot), prefetches, signed-in staff (any session cookie),
 * previews (`?preview=1`), HEAD requests, and anything but a public page
 * answered 200 or 304.
 */

export const FLUSH_INTERVAL_MS = 5000
/** How many distinct visitors a day are remembered; past it, each further request counts as a new visitor. */
const MAX_VISITORS_REMEMBERED = 200_000
/** Distinct referrers, campaigns and pages a day before the rest are counted as '(other)'. */
const MAX_ITEMS_PER_METRIC = 500

interface Day {
  day: string
  endsAt: number
  /** 32 random bytes as hex, drawn anew each store day. */
  salt: string
  visitors: Set<string>
  items: Map<VisitMetric, Set<string>>
}

type Headers = IncomingHttpHeaders
const header = (headers: Headers, name: string): string | undefined => {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}

/** User-Agents up to this length have their verdict kept; a phone's is about 150 characters. */
export const REMEMBERED_AGENT_CHARS = 512
/** How many User-Agents' verdicts are kept at once (at most about 1 MB); past it, they are forgotten and learnt again. */
export const REMEMBERED_AGENTS = 1000

/**
 * Whether a User-Agent is a bot's, remembered per User-Agent. isbot tries a
 * few hundred patterns at every call, and every page view asks, kept pages
 * included, where it was the largest step of counting a view. Browsers of one
 * kind send the same User-Agent, so most views are answered from here. The
 * store is bounded in count and in length: random User-Agents cost what they
 * did before and hold under 1 MB. It holds User-Agents only, never an address.
 */
export class BotVerdicts {
  private readonly known = new Map<string, boolean>()

  isBot(agent: string): boolean {
    if (agent.length > REMEMBERED_AGENT_CHARS) return isbot(agent)
    let verdict = this.known.get(agent)
    if (verdict === undefined) {
      if (this.known.size >= REMEMBERED_AGENTS) this.known.clear()
      verdict = isbot(agent)
      this.known.set(agent, verdict)
    }
    return verdict
  }

  /** How many verdicts are kept (tests). */
  get size(): number {
    return this.known.size
  }
}

export interface VisitCounterOptions {
  /** the site's public address: referrers from it are our own pages */
  siteUrl: string
  trustProxy: boolean
  /** the clock (tests and the benchmark move it) */
  now?: () => number
}

export class VisitCounter {
  private pending = new Map<string, VisitCountRow>()
  private current: Day | undefined
  private readonly siteHost: string
  private readonly now: () => number
  private lastPrunedDay = ''
  /** A failed write is logged once, until a write succeeds again. */
  private failing = false
  private readonly bots = new BotVerdicts()

  constructor(private readonly options: VisitCounterOptions) {
    this.siteHost = new URL(options.siteUrl).host
    this.now = options.now ?? Date.now
  }

  private today(): Day {
    const now = this.now()
    if (!this.current || now >= this.current.endsAt) {
      // A new day: a new salt, and yesterday's visitors forgotten.
      this.current = {
        day: todayInStore(new Date(now)),
        endsAt: nextStoreMidnight(new Date(now)).getTime(),
        salt: randomBytes(32).toString('hex'),
        visitors: new Set(),
        items: new Map(),
      }
    }
    return this.current
  }

  private add(day: Day, metric: VisitMetric, item: string) {
    let seen = day.items.get(metric)
    if (!seen) day.items.set(metric, (seen = new Set()))
    if (!seen.has(item)) {
      if (seen.size >= MAX_ITEMS_PER_METRIC) item = '(other)'
      seen.add(item)
    }
    const key = `${metric}\t${day.day}\t${item}`
    const row = this.pending.get(key)
    if (row) row.count++
    else this.pending.set(key, { metric, day: day.day, item, count: 1 })
  }

  /** Requests no person made, or that staff made, are never counted. */
  private ignored(headers: Headers): boolean {
    const agent = header(headers, 'user-agent')
    // The cheap checks first: the bot patterns are the costliest, and this runs for cached pages too.
    // Staff are known by the one cookie reading the page cache uses (a stale session counts as staff).
    return (
      !agent ||
      isPrefetch(headers) ||
      carriesSessionCookie(parseCookies(header(headers, 'cookie'))) ||
      this.bots.isBot(agent)
    )
  }

  /**
   * The page a GET asks for when it could be counted, or null; cheap, so it
   * can run for every request before the answer is known.
   */
  pageRequest(req: IncomingMessage) {
    if (req.method !== 'GET') return null
    const target = req.url ?? '/'
    const q = target.indexOf('?')
    const page = publicPageOf(q === -1 ? target : target.slice(0, q))
    if (!page) return null
    const query = q === -1 ? null : new URLSearchParams(target.slice(q + 1))
    if (query?.get('preview') === '1') return null
    return { ...page, query }
  }

  /** One view of a public page, answered 200 or 304. */
  countView(req: IncomingMessage, page: NonNullable<ReturnType<VisitCounter['pageRequest']>>) {
    const headers = req.headers
    if (this.ignored(headers)) return
    const referer = header(headers, 'referer')
    const from = referrerSite(referer, this.siteHost)
    if (page.data && from === null) {
      // A client-side request for the page already shown (a revalidation after
      // a form, a search typed on the blog) is not a new view.
      try {
        const previous = new URL(referer!).pathname.replace(/\/$/, '') || '/'
        if (previous === page.path) return
      } catch {
        // an unreadable referrer: count it
      }
    }
    const day = this.today()
    this.add(day, 'views', page.path)
    const agent = header(headers, 'user-agent')!
    const address = clientAddressOf(headers, req.socket?.remoteAddress ?? '', this.options.trustProxy)
    if (day.visitors.size < MAX_VISITORS_REMEMBERED) {
      const visitor = hash('sha256', `${day.salt}${address}\n${agent}`, 'base64url')
      if (!day.visitors.has(visitor)) {
        day.visitors.add(visitor)
        this.add(day, 'visitors', '')
        this.add(day, 'device', deviceClass(agent))
      }
    } else {
      this.add(day, 'visitors', '')
      this.add(day, 'device', deviceClass(agent))
    }
    // Where a visit came from: a document opened from another site, or with no referrer at all.
    if (!page.data && from !== null) {
      this.add(day, 'referrer', from)
      const source = campaignValue(page.query?.get('utm_source') ?? null)
      const campaign = campaignValue(page.query?.get('utm_campaign') ?? null)
      if (source) this.add(day, 'utm_source', source)
      if (campaign) this.add(day, 'utm_campaign', campaign)
    }
  }

  /** A tap on a link that brings a patient in (or a sent contact form); false when it was not counted. */
  countTap(headers: Headers, tap: TapKind, store: StoreKey | null): boolean {
    if (this.ignored(headers)) return false
    this.add(this.today(), 'tap', tapItem(tap, store))
    return true
  }

  /** Writes what was counted since the last flush; on failure it is kept for the next one. */
  async flush(): Promise<void> {
    const day = this.today().day
    if (this.pending.size > 0) {
      const rows = [...this.pending.values()]
      this.pending = new Map()
      try {
        await addVisitCounts(rows)
        if (this.failing) console.log('Visit counts are written again.')
        this.failing = false
      } catch (error) {
        if (!this.failing) {
          console.error(
            'Visit counts could not be written; kept in memory and tried again every few seconds:',
            reason(error),
          )
        }
        this.failing = true
        for (const row of rows) {
          const key = `${row.metric}\t${row.day}\t${row.item}`
          const kept = this.pending.get(key)
          if (kept) kept.count += row.count
          else this.pending.set(key, row)
        }
        return
      }
    }
    if (day !== this.lastPrunedDay) {
      this.lastPrunedDay = day
      try {
        await pruneVisitCounts(day)
      } catch (error) {
        console.error('Old visit counts could not be deleted:', reason(error))
      }
    }
  }

  /** Counts not yet written (tests). */
  pendingCount(): number {
    return this.pending.size
  }
}

let active: VisitCounter | undefined

/** The running counter, or undefined when counting is off (ANALYTICS=0) or not started. */
export function visitCounter(): VisitCounter | undefined {
  return active
}

/**
 * Starts counting in this process: writes every FLUSH_INTERVAL_MS (the timer
 * never keeps the process alive). Returns the function that stops it after a
 * last write.
 */
export function startVisitCounting(options: VisitCounterOptions & { intervalMs?: number }): () => Promise<void> {
  const counter = new VisitCounter(options)
  active = counter
  const timer = setInterval(() => void counter.flush(), options.intervalMs ?? FLUSH_INTERVAL_MS)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await counter.flush()
    if (active === counter) active = undefined
  }
}

/**
 * The HTTP server's one call for counting (app/http/server.server.ts): when
 * the request asks for a public page, its view is counted once the answer is
 * known to be 200 or 304, whichever path served it (page cache or rendering).
 */
export function countVisit(req: IncomingMessage, res: ServerResponse): void {
  const counter = active
  if (!counter) return
  const page = counter.pageRequest(req)
  if (!page) return
  res.once('finish', () => {
    if (res.statusCode === 200 || res.statusCode === 304) counter.countView(req, page)
  })
}

/** An error in a few words for the log (the database layer throws a 503 answer when the file cannot be written). */
function reason(error: unknown): string {
  return error instanceof Error ? error.message : 'the database cannot be written now'
}
