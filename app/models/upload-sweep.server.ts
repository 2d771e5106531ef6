import { deleteUnreferencedUploads, type SweptUpload } from '~/models/uploads.server'

/**
 * Uploaded images that nothing uses are deleted once they are more than a day
 * old: an image uploaded in a dialog that was then abandoned, an image replaced
 * in a form whose old one was still referenced elsewhere, or one left behind by
 * a save that failed. The day of grace keeps an image that an open form is
 * about to save.
 */
export const UNUSED_UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000
export const UPLOAD_SWEEP_INTERVAL_MS = 60 * 60 * 1000
/** The first sweep waits a little, so it never slows the start. */
const FIRST_SWEEP_DELAY_MS = 60 * 1000

/** One sweep: deletes unreferenced uploads older than a day, logs what went. Never throws. */
export async function sweepUnusedUploads(now: Date = new Date()): Promise<SweptUpload[]> {
  try {
    const swept = await deleteUnreferencedUploads(new Date(now.getTime() - UNUSED_UPLOAD_GRACE_MS))
    if (swept.length > 0) {
      const bytes = swept.reduce((sum, upload) => sum + upload.size, 0)
      console.log(
        `Deleted ${swept.length} unused uploaded ${swept.length === 1 ? 'image' : 'images'} (${bytes} bytes): ${swept
          .map((upload) => `${upload.bucket}/${upload.file_name}`)
          .join(', ')}`,
      )
    }
    return swept
  } catch (error) {
    console.error('The sweep of unused uploads failed; it runs again later', error)
    return []
  }
}

/**
 * Runs the sweep in this server process: first a minute after the start, then
 * every hour. The timers never keep the process alive. Returns a function that
 * stops them.
 */
export function startUploadSweep(options: { firstDelayMs?: number; intervalMs?: number } = {}): () => void {
  const { firstDelayMs = FIRST_SWEEP_DELAY_MS, intervalMs = UPLOAD_SWEEP_INTERVAL_MS } = options
  let interval: ReturnType<typeof setInterval> | undefined
  const first = setTimeout(() => {
    void sweepUnusedUploads()
    interval = setInterval(() => void sweepUnusedUploads(), intervalMs)
    interval.unref()
  }, firstDelayMs)
  first.unref()
  return () => {
    clearTimeout(first)
    if (interval) clearInterval(interval)
  }
}
