import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

import {
  nextExpiry,
  type ToastChange,
  Toaster,
  type ToastMessage,
  type Toasts,
  toastsAfter,
} from '~/components/ui/Toaster'

const nothing: Toasts = { entries: [], next: 1 }
const edited: ToastMessage = { type: 'success', title: 'Deal updated successfully' }
const deleted: ToastMessage = {
  type: 'success',
  title: 'Deal deleted successfully',
  description: 'It stays in the Trash for 30 days.',
  undo: { kind: 'deal', id: 9 },
}

/** The state after a series of changes, applied in the order the browser runs them. */
const after = (start: Toasts, ...changes: ToastChange[]) => changes.reduce(toastsAfter, start)
const titles = (state: Toasts) => state.entries.map((toast) => toast.title)

describe('the messages staff see after saving', () => {
  it('I delete a deal as the message of my edit runs out on a busy phone: the delete’s message, with its Undo, stays for 15 s', () => {
    const edit = after(nothing, { type: 'show', toast: edited })
    // The timer set for the edit's message: 6 s.
    const editTimer = nextExpiry(edit.entries)!
    expect(editTimer.afterMs).toBe(6000)
    // The delete's message arrives; the busy browser runs the edit's overdue timer before drawing it.
    const shown = after(edit, { type: 'show', toast: deleted }, { type: 'remove', id: editTimer.id })
    expect(titles(shown)).toEqual(['Deal deleted successfully'])
    expect(shown.entries[0]?.undo).toEqual({ kind: 'deal', id: 9 })
    // Its own timer: 15 s, as every message that offers Undo.
    expect(nextExpiry(shown.entries)).toEqual({ id: shown.entries[0]?.id, afterMs: 15_000 })
  })

  it('a new message replaces the one on screen, and its own time or its × takes it away', () => {
    const edit = after(nothing, { type: 'show', toast: edited })
    const first = edit.entries[0]!.id
    expect(titles(after(edit, { type: 'show', toast: deleted }))).toEqual(['Deal deleted successfully'])
    expect(titles(after(edit, { type: 'remove', id: first }))).toEqual([])
    // Each message gets a number of its own.
    const two = after(edit, { type: 'show', toast: edited })
    expect(two.entries[0]!.id).not.toBe(first)
  })

  it('a change that removes nothing keeps the same state, so the page does not draw again', () => {
    const edit = after(nothing, { type: 'show', toast: edited })
    expect(toastsAfter(edit, { type: 'remove', id: edit.entries[0]!.id + 1 })).toBe(edit)
    expect(toastsAfter(nothing, { type: 'clear' })).toBe(nothing)
  })

  it('sending a form clears every message', () => {
    expect(titles(after(nothing, { type: 'show', toast: deleted }, { type: 'clear' }))).toEqual([])
    expect(nextExpiry([])).toBeNull()
  })

  it('the server’s message is in the page’s HTML, so it reads without JavaScript', () => {
    const html = renderToStaticMarkup(createElement(Toaster, { initial: deleted, placement: 'staff' }))
    expect(html).toContain('role="status"')
    expect(html).toContain('Deal deleted successfully')
    expect(html).toContain('It stays in the Trash for 30 days.')
  })
})
