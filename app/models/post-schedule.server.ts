import { nextScheduledPostTime, publishDuePosts } from '~/models/posts.server'

/**
 * Scheduled posts go live by themselves, in this process, with no outside job
 * runner: one timer armed for the next Scheduled post's time. Each time it
 * fires (and at start, and after every post save) every post whose time has
 * come is published, then the timer is armed again for the next one.
 *
 * The timer never waits longer than a minute, so a clock that jumps forward
 * (a suspended machine, a corrected clock) or a post written by another
 * process (the command line, a restored file) is published within a minute
 * of its time. Publishing twice is impossible: the update only touches posts
 * still marked scheduled.
 */
export const LONGEST_WAIT_MS = 60_000
/** A timer may fire a hair before the wall clock reaches the time; wait that little more. */
const SLACK_MS = 5

interface PublisherState {
  timer: ReturnType<typeof setTimeout> | undefined
  running: Promise<void> | undefined
  again: boolean
  stopped: boolean
  onPublished: (posts: { id: number; title: string }[]) => void
}

let state: PublisherState | undefined

function arm(current: PublisherState, waitMs: number) {
  if (current.stopped) return
  clearTimeout(current.timer)
  const wait = Math.min(LONGEST_WAIT_MS, Math.max(0, waitMs) + SLACK_MS)
  current.timer = setTimeout(() => void run(current), wait)
  // The timer alone never keeps the process alive (the HTTP server does).
  current.timer.unref()
}

async function passOnce(current: PublisherState) {
  try {
    let next = await nextScheduledPostTime()
    // Only a pass with something due writes: any write to the posts table empties the page
    // cache, and this runs at least once a minute.
    if (next && next.getTime() <= Date.now()) {
      const published = await publishDuePosts()
      if (published.length) current.onPublished(published)
      next = await nextScheduledPostTime()
    }
    arm(current, next ? next.getTime() - Date.now() : LONGEST_WAIT_MS)
  } catch (error) {
    // A read-only or busy database: try again within the minute.
    console.error('Scheduled posts could not be published:', error)
    arm(current, LONGEST_WAIT_MS)
  }
}

/**
 * One pass at a time; a request for another during a pass runs one more right
 * after it. A stopped publisher is never run again: its timer is cleared, a
 * pass under way arms none, and a save no longer finds it.
 */
function run(current: PublisherState): Promise<void> {
  if (current.running) {
    current.again = true
    return current.running
  }
  current.running = (async () => {
    do {
      current.again = false
      await passOnce(current)
    } while (current.again && !current.stopped)
    current.running = undefined
  })()
  return current.running
}

/**
 * Starts publishing scheduled posts in this process: everything already due
 * (a restart, a restore, time spent stopped) at once, then each at its time.
 * Resolves after that first pass.
 */
export function startPostScheduler(
  options: { onPublished?: (posts: { id: number; title: string }[]) => void } = {},
): Promise<void> {
  stopPostScheduler()
  const current: PublisherState = {
    timer: undefined,
    running: undefined,
    again: false,
    stopped: false,
    onPublished:
      options.onPublished ??
      ((posts) => console.log(`Published on schedule: ${posts.map((post) => `“${post.title}”`).join(', ')}`)),
  }
  state = current
  return run(current)
}

/** Stops the timer (shutdown, tests). A pass under way finishes. */
export function stopPostScheduler(): void {
  if (!state) return
  state.stopped = true
  clearTimeout(state.timer)
  state = undefined
}

/**
 * After a post is saved: publish what is due and arm the timer for the (maybe
 * new) next time. Does nothing where the scheduler was not started (the
 * command line, most tests).
 */
export function rearmPostScheduler(): Promise<void> {
  return state ? run(state) : Promise.resolve()
}
