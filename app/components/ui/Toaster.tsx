import { useEffect, useState } from 'react'

export interface ToastMessage {
  type: 'success' | 'error'
  title: string
  description?: string
}

const EVENT = 'app:toast'

/** Shows a toast from client code (e.g. 'Link copied!'). */
export function showToast(toast: ToastMessage) {
  window.dispatchEvent(new CustomEvent<ToastMessage>(EVENT, { detail: toast }))
}

interface Entry extends ToastMessage {
  id: number
}

let nextId = 1

/**
 * In the staff area toasts sit below the header row that holds the account
 * menu and below the sections under it, so they never cover
 * either; the open account menu is drawn above them.
 */
const PLACEMENT_CLASSES =
  'pointer-events-none fixed inset-x-0 z-[60] flex flex-col items-center gap-2 px-4 sm:right-6 sm:left-auto sm:items-end'
const TOP = { site: 'top-3 sm:top-4', staff: 'top-[6.5rem] md:top-24' }

/**
 * Renders the flash toast from the server (visible without JavaScript) and any
 * client toasts; with JavaScript they dismiss themselves after 6 seconds.
 * Messages never queue up behind old ones: sending a form clears what is on
 * screen, and the answer's message replaces anything left (a form's errors
 * are shown beside its fields, not here).
 */
export function Toaster({
  initial,
  placement = 'site',
}: {
  initial: ToastMessage | null
  /** 'staff': below the admin header's first row (the account menu), below the section menu too on phones */
  placement?: 'site' | 'staff'
}) {
  const [entries, setEntries] = useState<Entry[]>(() => (initial ? [{ ...initial, id: 0 }] : []))

  useEffect(() => {
    if (initial) setEntries([{ ...initial, id: nextId++ }])
  }, [initial])

  useEffect(() => {
    // Any form sent (even one the browser-side check stops) starts afresh.
    const onSubmit = () => setEntries([])
    window.addEventListener('submit', onSubmit, true)
    return () => window.removeEventListener('submit', onSubmit, true)
  }, [])

  useEffect(() => {
    const onToast = (event: Event) => {
      const detail = (event as CustomEvent<ToastMessage>).detail
      setEntries([{ ...detail, id: nextId++ }])
    }
    window.addEventListener(EVENT, onToast)
    return () => window.removeEventListener(EVENT, onToast)
  }, [])

  useEffect(() => {
    if (entries.length === 0) return
    const timer = window.setTimeout(() => setEntries((current) => current.slice(1)), 6000)
    return () => window.clearTimeout(timer)
  }, [entries])

  return (
    <div aria-live="polite" role="status" className={`${PLACEMENT_CLASSES} ${TOP[placement]}`}>
      {entries.map((entry) => (
        <div
          key={entry.id}
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border px-4 py-3 shadow-lg ${
            entry.type === 'error'
              ? 'border-danger-600 bg-danger-50 text-danger-700'
              : 'border-brand-200 bg-white text-ink-900'
          }`}
        >
          <div className="flex-1">
            <p className="font-semibold">{entry.title}</p>
            {entry.description ? <p className="text-sm text-ink-700">{entry.description}</p> : null}
          </div>
          <button
            type="button"
            onClick={() => setEntries((current) => current.filter((e) => e.id !== entry.id))}
            className="rounded px-1 text-ink-600 hover:text-ink-900"
            aria-label="Dismiss notification"
          >
            ×
          </button>
        </div>
      ))}
    </div>
  )
}
