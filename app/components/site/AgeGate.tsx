import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'

import { AGE_RECORD_KEY, isStoredAgeRecordValid, serializeAgeRecord } from '~/lib/age-record'
import { staticImageUrl } from '~/lib/static-images'
import type { SiteSettings } from '~/schemas/settings'

const GATE_ID = 'age-gate'

// While the gate (#age-gate, a child of <body>) is open, app.css hides the rest
// of the page and stops it scrolling: pure CSS, so it holds without JavaScript.

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled])'

function readStoredRecordValid(): boolean {
  try {
    return isStoredAgeRecordValid(window.localStorage.getItem(AGE_RECORD_KEY))
  } catch {
    return false
  }
}

/** Tells the server about a confirmation it has not seen yet, so the cookie comes back. */
function postConfirmation(returnTo: string) {
  const body = new FormData()
  body.set('redirectTo', returnTo)
  return fetch('/age-gate', {
    method: 'POST',
    body,
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  }).catch(() => undefined)
}

/**
 * The age gate (docs/decisions/age-gate.md): rendered open by the
 * server on every public page until the visitor confirms (never in the staff
 * area: staff are not patients);
 * never with `?preview=1`. It cannot be dismissed: no close button, Escape and
 * outside clicks do nothing, and focus stays inside.
 */
export function AgeGate({
  settings,
  serverConfirmed,
  preview,
  returnTo: pageReturnTo,
}: {
  settings: SiteSettings
  serverConfirmed: boolean
  preview: boolean
  /** the page's own address as the server worked it out: its path and only the parameters it reads */
  returnTo: string
}) {
  const { pathname } = useLocation()
  // Tracking parameters are not part of the page (a kept page serves every
  // visitor), so the gate never writes them back. The root's data is not read
  // again when only the path changes in the browser: then the new path stands alone.
  const returnTo = pageReturnTo.split('?')[0] === pathname ? pageReturnTo : pathname
  const [clientConfirmed, setClientConfirmed] = useState(false)
  const open = !preview && !serverConfirmed && !clientConfirmed
  const titleId = useId()
  const questionId = useId()
  const dialogRef = useRef<HTMLDivElement>(null)
  const enterRef = useRef<HTMLButtonElement>(null)

  // A valid record in this browser counts as confirmed even without the cookie.
  useEffect(() => {
    if (preview || serverConfirmed) return
    if (readStoredRecordValid()) {
      setClientConfirmed(true)
      void postConfirmation(window.location.pathname + window.location.search)
    }
  }, [preview, serverConfirmed])

  useEffect(() => {
    if (open) enterRef.current?.focus()
  }, [open])

  if (!open) return null

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      return
    }
    if (event.key !== 'Tab' || !dialogRef.current) return
    const items = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE))
    if (items.length === 0) return
    const first = items[0]
    const last = items[items.length - 1]
    const active = document.activeElement
    if (event.shiftKey && (active === first || !dialogRef.current.contains(active))) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && (active === last || !dialogRef.current.contains(active))) {
      event.preventDefault()
      first.focus()
    }
  }

  function onConfirm(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    try {
      window.localStorage.setItem(AGE_RECORD_KEY, serializeAgeRecord(Date.now()))
    } catch {
      // Storage may be unavailable (private mode); the cookie still carries the answer.
    }
    void postConfirmation(returnTo)
    setClientConfirmed(true)
  }

  return (
    <div id={GATE_ID} className="fixed inset-0 z-[100] overflow-y-auto bg-brand-950">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_20%_10%,var(--color-brand-700),transparent_55%),radial-gradient(circle_at_85%_90%,var(--color-accent-700),transparent_50%)] opacity-70"
      />
      <div className="relative flex min-h-full items-center justify-center p-4 sm:p-8">
        {/* The dialog keeps Tab inside itself: a key handler on the dialog, not on a control. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
        <div
          ref={dialogRef}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={questionId}
          onKeyDown={onKeyDown}
          className="w-full max-w-md rounded-3xl bg-cream-50 px-6 py-8 text-center shadow-2xl ring-1 ring-black/5 sm:px-10 sm:py-10"
        >
          <img
            src={staticImageUrl('/images/logo.svg')}
            alt={`${settings.brand_name} logo`}
            width={96}
            height={96}
            className="mx-auto size-24"
          />
          <h2 id={titleId} className="mt-5 text-2xl font-semibold text-brand-900 sm:text-3xl">
            Welcome to {settings.brand_name}
          </h2>
          <p id={questionId} className="mt-3 text-lg text-ink-700">
            Are you 21+ or a qualified patient?
          </p>
          <div className="mt-7 flex flex-col gap-3">
            <form method="post" action="/age-gate" onSubmit={onConfirm}>
              <input type="hidden" name="redirectTo" value={returnTo} />
              <button
                ref={enterRef}
                type="submit"
                className="w-full rounded-full bg-brand-800 px-6 py-3.5 text-lg font-semibold text-cream-50 shadow-sm hover:bg-brand-700"
              >
                Yes, Enter
              </button>
            </form>
            <a
              href="https://www.google.com/"
              className="w-full rounded-full border-2 border-brand-800 px-6 py-3 text-lg font-semibold text-brand-800 hover:bg-brand-50"
            >
              No, Exit Site
            </a>
          </div>
          <p className="mt-6 text-sm leading-relaxed text-ink-600">
            By clicking "Yes," I confirm I'm at least 21 or a qualified patient and agree to the{' '}
            <Link to="/terms" className="font-medium text-brand-700 underline underline-offset-2">
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link to="/privacy" className="font-medium text-brand-700 underline underline-offset-2">
              Privacy Policy
            </Link>
            .
          </p>
        </div>
      </div>
    </div>
  )
}
