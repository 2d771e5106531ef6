/**
 * A small line for costly work (rendering a page, compressing one to keep):
 * at most `active` run at once and at most `waiting` wait their turn, each
 * for at most `maxWaitMs`. Work that finds the line full is not queued at
 * all, so the caller can answer at once (503 with Retry-After, or a page sent
 * without the slow compression) instead of holding memory for it.
 */
export class Busy extends Error {
  constructor() {
    super('busy')
    this.name = 'Busy'
  }
}

export interface WorkQueueFigures {
  active: number
  waiting: number
  /** Work turned away because the line was full or the wait too long, since start. */
  refused: number
  /** Of those, work turned away because its sender already held its share of a busy line. */
  overShare: number
}

/**
 * A busy line's fair share: once `busyFrom` places are taken (running and
 * waiting), a sender that already holds `perSender` of them gets no more, so
 * one client cannot take every place and leave everyone else a 503. A quiet
 * line takes any sender's work, so a crowd behind one address (a carrier's,
 * an office's) is only held back when others are waiting too.
 */
export interface FairShare {
  busyFrom: number
  perSender: number
}

interface Place {
  start: () => void
  timer?: NodeJS.Timeout
}

export class WorkQueue {
  #running = 0
  #line: Place[] = []
  #refused = 0
  #refusedOverShare = 0
  /** Places held (running and waiting) by each sender that holds any. */
  #held = new Map<string, number>()

  constructor(
    readonly active: number,
    readonly waiting: number,
    readonly maxWaitMs = 5000,
    readonly share?: FairShare,
  ) {}

  /** No work is running or waiting. */
  get idle(): boolean {
    return this.#running === 0 && this.#line.length === 0
  }

  /** Whether `run` would take work now (running it at once or in line), from `sender` when named. */
  hasRoom(sender?: string): boolean {
    return (this.#running < this.active || this.#line.length < this.waiting) && !this.#holdsItsShare(sender)
  }

  /** Counts work turned away by a caller that found no room (see `hasRoom`) before calling `run`. */
  turnAway(sender?: string): void {
    this.#refused++
    if (this.#holdsItsShare(sender)) this.#refusedOverShare++
  }

  figures(): WorkQueueFigures {
    return {
      active: this.#running,
      waiting: this.#line.length,
      refused: this.#refused,
      overShare: this.#refusedOverShare,
    }
  }

  /** The sender already holds its share of a busy line. */
  #holdsItsShare(sender: string | undefined): boolean {
    if (sender === undefined || !this.share) return false
    const taken = this.#running + this.#line.length
    return taken >= this.share.busyFrom && (this.#held.get(sender) ?? 0) >= this.share.perSender
  }

  #hold(sender: string | undefined, change: 1 | -1) {
    if (sender === undefined) return
    const held = (this.#held.get(sender) ?? 0) + change
    if (held > 0) this.#held.set(sender, held)
    else this.#held.delete(sender)
  }

  /**
   * Runs `work` when its turn comes. Rejects with Busy, without running it,
   * when the line is full, when `sender` already holds its share of a busy
   * line, or when the turn did not come within `maxWaitMs`.
   */
  async run<T>(work: () => Promise<T>, sender?: string): Promise<T> {
    if (!this.hasRoom(sender)) {
      this.turnAway(sender)
      throw new Busy()
    }
    this.#hold(sender, 1)
    try {
      if (this.#running >= this.active) {
        await new Promise<void>((resolve, reject) => {
          const place: Place = { start: resolve }
          place.timer = setTimeout(() => {
            this.#line.splice(this.#line.indexOf(place), 1)
            this.#refused++
            reject(new Busy())
          }, this.maxWaitMs)
          place.timer.unref?.()
          this.#line.push(place)
        })
      } else {
        this.#running++
        // Even with a lane free the work starts on a later turn of the event
        // loop. Requests read in one turn would otherwise each find the lane the
        // one before had just freed (a render needs no I/O, so it ends in the
        // turn it began) and all run back to back, with nothing read or answered
        // in between: 44 renders, a second long, in one turn under the bench's
        // load. Now one turn runs at most one job per lane.
        await new Promise<void>((resolve) => setImmediate(resolve))
      }
      try {
        return await work()
      } finally {
        const next = this.#line.shift()
        if (next) {
          clearTimeout(next.timer)
          // The next job starts on a later turn of the event loop, not straight
          // after this one: jobs that never wait would otherwise run back to back
          // and nothing else (a health check, a cached page, a new visitor told
          // the line is full) would be read until the whole line had drained.
          setImmediate(next.start)
        } else {
          this.#running--
        }
      }
    } finally {
      this.#hold(sender, -1)
    }
  }
}
