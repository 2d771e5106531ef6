import { emptyExpiredTrash } from '~/models/trash.server'

/**
 * What has been in the Trash for 30 days is removed for good by this
 * process: once when the server starts (time spent stopped counts), then every
 * hour, so what the Trash says goes "today" is gone within the hour after its
 * time (a daily sweep, counted from the start, could leave it a day longer).
 * A sweep with nothing due is a few small queries, one a kind of record.
 * Each removal is logged in the activity log; images nothing else uses go
 * with their record.
 */
export const TRASH_SWEEP_INTERVAL_MS = 60 * 60 * 1000

/** One sweep: removes what is due, logs what went. Never throws. */
export async function sweepTrash(now: Date = new Date()): Promise<{ kind: string; id: number; label: string }[]> {
  try {
    const removed = await emptyExpiredTrash(now)
    if (removed.length > 0)
      console.log(
        `Trash: removed for good after 30 days: ${removed.map((item) => `${item.kind} “${item.label}”`).join(', ')}`,
      )
    return removed
  } catch (error) {
    console.error('The Trash could not be emptied of expired items; it is tried again within the hour', error)
    return []
  }
}

/**
 * Sweeps the Trash now (without holding up the start) and then every hour.
 * The timer never keeps the process alive. Returns a function that stops it.
 */
export function startTrashSweep(options: { intervalMs?: number } = {}): () => void {
  const { intervalMs = TRASH_SWEEP_INTERVAL_MS } = options
  void sweepTrash()
  const interval = setInterval(() => void sweepTrash(), intervalMs)
  interval.unref()
  return () => clearInterval(interval)
}
