import { type ReactNode, useEffect, useReducer, useRef, useState } from 'react'

import type { TrashKind } from '~/lib/trash'

export interface ToastMessage {
  type: 'success' | 'error'
  title: string
  description?: string
  /** a record just moved to the Trash: the toast's Undo restores it */
  undo?: { kind: TrashKind; id: number }
}

/** How long a toast stays with JavaScript; one that offers Undo stays longer, and while the pointer or focus is on it. */
const SHOWN_MS = 6000
const UNDO_SHOWN_MS = 15000

const EVENT = 'app:toast'

type UndoButton = (undo: NonNullable<ToastMessage['undo']>) => ReactNode
let undoButton: UndoButton | undefined

/**
 * The staff area's Undo button for a toast that offers one (a record just
 * moved to the Trash), set once when the staff area's code loads, so that
 * public pages, whose toasts never offer Undo, do not carry its code.
 */
export function setToastUndoButton(render: UndoButton) {
  undoButton = render
}

/** Shows a toast from client code (e.g. 'Link copied!'). */
export function showToast(toast: ToastMessage) {
  window.dispatchEvent(new CustomEvent<ToastMessage>(EVENT, { detail: toast }))
}

export interface ToastEntry extends ToastMessage {
  id: number
}

/** The messages on screen, and the number the next one will get. */
export interface Toasts {
  entries: ToastEntry[]
  next: number
}

export type ToastChange = { type: 'show'; toast: ToastMessage } | { type: 'remove'; id: number } | { type: 'clear' }

/**
 * The toasts after one change. A new message replaces everything and gets a
 * number of its own; a timer or a × removes only the message of that number.
 * A change that removes nothing leaves the same state (no new render).
 */
export function toastsAfter(state: Toasts, change: ToastChange): Toasts {
  switch (change.type) {
    case 'show':
      return { entries: [{ ...change.toast, id: state.next }], next: state.next + 1 }
    case 'remove':
      return state.entries.some((e) => e.id === change.id)
        ? { ...state, entries: state.entries.filter((e) => e.id !== change.id) }
        : state
    case 'clear':
      return state.entries.length > 0 ? { ...state, entries: [] } : state
  }
}

/**
 * Which message the timer takes away, and after how long: the first on
 * screen, by its number. A busy browser can run the timer late, after a new
 * message has replaced that one and before the page draws again; the number
 * makes that late timer remove nothing.
 */
export function nextExpiry(entries: readonly ToastEntry[]): { id: number; afterMs: number } | null {
  const first = entries[0]
  return first ? { id: first.id, afterMs: first.undo ? UNDO_SHOWN_MS : SHOWN_MS } : null
}

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
  const [{ entries }, change] = useReducer(toastsAfter, initial, (first) => ({
    entries: first ? [{ ...first, id: 0 }] : [],
    next: 1,
  }))
  const [held, setHeld] = useState(false)
  const [lastInitial, setLastInitial] = useState(initial)
  const region = useRef<HTMLDivElement>(null)

  // The server's message is put on screen in the same render as the page that
  // carries it (not in an effect after it), and starts its own time: the
  // pointer or focus that held the last one may be gone with it.
  if (initial !== lastInitial) {
    setLastInitial(initial)
    if (initial) {
      change({ type: 'show', toast: initial })
      setHeld(false)
    }
  }

  useEffect(() => {
    // Any form sent from the page (even one the browser-side check stops) starts afresh; a
    // toast's own Undo stays until the answer replaces it (removing its form now would cancel
    // the send). A form sent by script (a delete after the browser's confirm) sends no such
    // event: its answer's message replaces what is shown.
    const onSubmit = (event: Event) => {
      if (!region.current?.contains(event.target as Node)) change({ type: 'clear' })
    }
    window.addEventListener('submit', onSubmit, true)
    return () => window.removeEventListener('submit', onSubmit, true)
  }, [])

  useEffect(() => {
    const onToast = (event: Event) => {
      change({ type: 'show', toast: (event as CustomEvent<ToastMessage>).detail })
      setHeld(false)
    }
    window.addEventListener(EVENT, onToast)
    return () => window.removeEventListener(EVENT, onToast)
  }, [])

  useEffect(() => {
    const due = nextExpiry(entries)
    if (!due || held) return
    const timer = window.setTimeout(() => change({ type: 'remove', id: due.id }), due.afterMs)
    return () => window.clearTimeout(timer)
  }, [entries, held])

  return (
    <div
      ref={region}
      aria-live="polite"
      role="status"
      className={`${PLACEMENT_CLASSES} ${TOP[placement]}`}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      {entries.map((toast) => (
        <div
          key={toast.id}
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border px-4 py-3 shadow-lg ${
            toast.type === 'error'
              ? 'border-danger-600 bg-danger-50 text-danger-700'
              : 'border-brand-200 bg-white text-ink-900'
          }`}
        >
          <div className="flex-1">
            <p className="font-semibold">{toast.title}</p>
            {toast.description ? <p className="text-sm text-ink-700">{toast.description}</p> : null}
          </div>
          {toast.undo ? undoButton?.(toast.undo) : null}
          <button
            type="button"
            onClick={() => change({ type: 'remove', id: toast.id })}
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
