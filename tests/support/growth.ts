/**
 * Tests that guard against slow work compare the cost of the same work at two
 * input sizes instead of holding it to a number of milliseconds: a machine
 * that is slower, or busy with other jobs, makes both runs slower alike, so
 * the ratio stays put while an absolute budget would fail.
 *
 * Cost is the CPU time (user + system) of the thread that runs the test, the
 * best of several runs: the work done, which waiting for another process does
 * not inflate. Not the whole process's: its helper threads (the garbage
 * collector and the optimizing compiler, finishing what the test file's
 * imports left them) run beside the measured work, and on a busy machine more
 * of theirs lands inside the measured window. With the process's time, three
 * loaded runs at once once measured the self-test's quadratic work growing by
 * only 12 times for ten times the input. For ten
 * times the input, linear work costs about ten times as much (a little more
 * when the larger input no longer fits a cache); quadratic work costs about a
 * hundred times as much. Measured over the pathological markdown corpus at
 * 10,000 and 99,000 characters, linear work grew by 0.2 to 21 times (the
 * larger runs pay for collecting their larger garbage); quadratic work grows
 * by about 98 times. A bound of 30 lets the first pass with room to spare and
 * stops the second.
 */
export const MAX_GROWTH_FOR_TENFOLD_INPUT = 30

/**
 * Below this many CPU milliseconds a run is mostly fixed cost and timer noise,
 * so the small run counts as at least this much. Work that small at 10,000
 * characters and quadratic would take about 0.2 s at 99,000: harmless, and
 * still caught by the generous absolute bounds beside the growth checks.
 */
const FLOOR_MS = 2

export interface Measured<T> {
  ms: number
  value: T
}

/**
 * The shortest stretch of CPU time read as one figure. The thread's CPU clock
 * is not exact over short stretches: Linux splits it into user and system time
 * from samples and never lets either go back, so a run of 3 ms can read as 0
 * or 2 ms and the next one as more. A small input's one run read 1.99 ms where
 * its runs take 3 to 9 ms, which made linear work look 39 times dearer at ten
 * times the input. So short work is timed in batches of runs that last at
 * least this long, and each run's cost is the batch's share.
 */
const MIN_TIMED_MS = 20
const MAX_RUNS_PER_BATCH = 200

/**
 * CPU milliseconds of `run`, best of `runs` batches after one run to warm up,
 * with the value of the last run. A batch repeats `run` until it has lasted
 * MIN_TIMED_MS (work that long is one run a batch).
 */
export function cpuMs<T>(run: () => T, runs = 5): Measured<T> {
  let best = Infinity
  let value: T = run()
  for (let i = 0; i < runs; i++) {
    const start = process.threadCpuUsage()
    let count = 0
    let usedMs = 0
    do {
      value = run()
      count++
      const used = process.threadCpuUsage(start)
      usedMs = (used.user + used.system) / 1000
    } while (usedMs < MIN_TIMED_MS && count < MAX_RUNS_PER_BATCH)
    best = Math.min(best, usedMs / count)
  }
  return { ms: best, value }
}

/**
 * As `cpuMs`, for work that awaits (database calls, streams), timed run by run
 * (not in batches): its runs are long enough, and repeating a write changes
 * what the next one finds.
 */
export async function cpuMsAsync<T>(run: () => Promise<T>, runs = 5): Promise<Measured<T>> {
  let best = Infinity
  let value: T = await run()
  for (let i = 0; i < runs; i++) {
    const start = process.threadCpuUsage()
    value = await run()
    const used = process.threadCpuUsage(start)
    best = Math.min(best, (used.user + used.system) / 1000)
  }
  return { ms: best, value }
}

/** How many times more the large run cost than the small one; the small one counts as at least `FLOOR_MS`. */
export function growth(small: { ms: number }, large: { ms: number }): number {
  return large.ms / Math.max(small.ms, FLOOR_MS)
}

/** A message that names both figures, for a failed growth check. */
export function describeGrowth(what: string, small: { ms: number }, large: { ms: number }): string {
  return `${what}: ${small.ms.toFixed(2)} ms → ${large.ms.toFixed(2)} ms CPU (×${growth(small, large).toFixed(1)})`
}
