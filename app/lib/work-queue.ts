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
}

interface Place {
  start: () => void
  timer?: NodeJS.Timeout
}

export class WorkQueue {
  #running = 0
  #line: Place[] = []
  #refused = 0

  constructor(
    readonly active: number,
    readonly waiting: number,
    readonly maxWaitMs = 5000,
  ) {}

  /** No work is running or waiting. */
  get idle(): boolean {
    return this.#running === 0 && this.#line.length === 0
  }

  /** Whether `run` would take work now (running it at once or in line). */
  get hasRoom(): boolean {
    return this.#running < this.active || this.#line.length < this.waiting
  }

  /** Counts work turned away by a caller that found no room (see `hasRoom`) before calling `run`. */
  turnAway(): void {
    this.#refused++
  }

  figures(): WorkQueueFigures {
    return { active: this.#running, waiting: this.#line.length, refused: this.#refused }
  }

  /**
   * Runs `work` when its turn comes. Rejects with Busy, without running it,
   * when the line is full or the turn did not come within `maxWaitMs`.
   */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.active) {
      if (this.#line.length >= this.waiting) {
        this.#refused++
        throw new Busy()
      }
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
  }
}
