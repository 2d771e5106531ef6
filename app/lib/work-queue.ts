/**
 * A small line for costly work (rendering a page, compressing one to keep):
 * at most `active` run at once and at most `waiting` wait their turn, each
 * for at most `maxWaitMs`. Work that finds the line full is not queued at
 * all, so the caller can answer at once (503 with Retry-After, or a page sent
 * without the slow compression) instead of holding memory for it. Work named
 * by its sender (a client's address) is started fairly: see `FairShare`, and
 * a sender with fewer jobs running goes before one with more.
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
 * A busy line's fair share: while `busyFrom` places or more are taken
 * (running and waiting), a sender that holds `perSender` of them or more gets
 * no more. One sender alone can so take `busyFrom` places, and the rest stay
 * for others. Below `busyFrom` any sender's work is taken.
 */
export interface FairShare {
  busyFrom: number
  perSender: number
}

interface Place {
  start: () => void
  sender?: string
  timer?: NodeJS.Timeout
}

export class WorkQueue {
  #running = 0
  #line: Place[] = []
  #refused = 0
  #refusedOverShare = 0
  /** Places held (running and waiting) by each sender that holds any. */
  #held = new Map<string, number>()
  /** Jobs running for each sender that has any. */
  #runningFor = new Map<string, number>()

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
    return this.#lineHasRoom() && !this.#holdsItsShare(sender)
  }

  /**
   * Counts work turned away by a caller that found no room (see `hasRoom`)
   * before calling `run`, and says why: the line was full, or the sender held
   * its share of a line that had room.
   */
  turnAway(sender?: string): 'full' | 'over share' {
    this.#refused++
    if (!this.#lineHasRoom() || !this.#holdsItsShare(sender)) return 'full'
    this.#refusedOverShare++
    return 'over share'
  }

  figures(): WorkQueueFigures {
    return {
      active: this.#running,
      waiting: this.#line.length,
      refused: this.#refused,
      overShare: this.#refusedOverShare,
    }
  }

  /** A lane is free, or a place in line. */
  #lineHasRoom(): boolean {
    return this.#running < this.active || this.#line.length < this.waiting
  }

  /** The sender already holds its share of a busy line. */
  #holdsItsShare(sender: string | undefined): boolean {
    if (sender === undefined || !this.share) return false
    const taken = this.#running + this.#line.length
    return taken >= this.share.busyFrom && (this.#held.get(sender) ?? 0) >= this.share.perSender
  }

  /** Adds `change` to a sender's count in `counts` (held or running), dropping senders at 0. */
  #count(counts: Map<string, number>, sender: string | undefined, change: 1 | -1) {
    if (sender === undefined) return
    const count = (counts.get(sender) ?? 0) + change
    if (count > 0) counts.set(sender, count)
    else counts.delete(sender)
  }

  /**
   * Takes the next job to start out of the line: the one waiting longest among
   * the senders with the fewest jobs running, so a sender that holds the lanes
   * waits while someone else is waiting (in arrival order otherwise).
   */
  #takeNext(): Place | undefined {
    let next = -1
    let fewest = Infinity
    for (const [index, place] of this.#line.entries()) {
      const running = place.sender === undefined ? 0 : (this.#runningFor.get(place.sender) ?? 0)
      if (running < fewest) {
        next = index
        fewest = running
      }
    }
    if (next < 0) return undefined
    const [place] = this.#line.splice(next, 1)
    this.#count(this.#runningFor, place.sender, 1)
    return place
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
    this.#count(this.#held, sender, 1)
    try {
      if (this.#running >= this.active) {
        // Started by #takeNext, which counts it as running for its sender.
        await new Promise<void>((resolve, reject) => {
          const place: Place = { start: resolve, sender }
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
        this.#count(this.#runningFor, sender, 1)
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
        this.#count(this.#runningFor, sender, -1)
        const next = this.#takeNext()
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
      this.#count(this.#held, sender, -1)
    }
  }
}
