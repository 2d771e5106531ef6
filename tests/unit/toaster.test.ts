import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

import { type ToastChange, type ToastEntry, Toaster, toastsAfter } from '~/components/ui/Toaster'

/** The messages on screen after a series of changes, applied in the order the browser runs them. */
function onScreen(start: ToastEntry[], ...changes: ToastChange[]): string[] {
  return changes.reduce(toastsAfter, start).map((toast) => toast.title)
}

const edited: ToastEntry = { id: 1, type: 'success', title: 'Deal updated successfully' }
const deleted: ToastEntry = {
  id: 2,
  type: 'success',
  title: 'Deal deleted successfully',
  description: 'It stays in the Trash for 30 days.',
  undo: { kind: 'deal', id: 9 },
}

describe('the messages staff see after saving', () => {
  it('I delete a deal just as the message of my last edit runs out: the delete’s message, with its Undo, stays', () => {
    // A busy browser ran the edit message's timer after the delete's message
    // had replaced it and before the page drew again: the timer must take
    // away its own message only, not whichever message is first.
    const changes: ToastChange[] = [
      { type: 'show', entry: deleted },
      { type: 'remove', id: edited.id },
    ]
    const shown = changes.reduce(toastsAfter, [edited])
    expect(shown).toEqual([deleted])
    expect(shown[0]?.undo).toEqual({ kind: 'deal', id: 9 })
  })

  it('a new message replaces the one on screen, and its own time or its × takes it away', () => {
    expect(onScreen([edited], { type: 'show', entry: deleted })).toEqual(['Deal deleted successfully'])
    expect(onScreen([edited], { type: 'remove', id: edited.id })).toEqual([])
    expect(onScreen([edited, deleted], { type: 'remove', id: deleted.id })).toEqual(['Deal updated successfully'])
  })

  it('sending a form clears every message', () => {
    expect(onScreen([edited, deleted], { type: 'clear' })).toEqual([])
  })

  it('the server’s message is in the page’s HTML, so it reads without JavaScript', () => {
    const html = renderToStaticMarkup(createElement(Toaster, { initial: deleted, placement: 'staff' }))
    expect(html).toContain('role="status"')
    expect(html).toContain('Deal deleted successfully')
    expect(html).toContain('It stays in the Trash for 30 days.')
  })
})
