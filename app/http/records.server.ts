import { data } from 'react-router'

import { redirectWithToast } from '~/http/toast.server'
import type { ToastText } from '~/lib/record-lists'
import { TRASH_DAYS, type TrashKind } from '~/lib/trash'

/** A record id from the address or a form: a positive whole number, else null. */
export function parseId(raw: string | null | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) return null
  const id = Number(raw)
  return Number.isSafeInteger(id) ? id : null
}

/** Ends the request with 404 and "{What} not found"; the admin shell shows it as its error page. */
export function notFound(what: string): never {
  throw data(`${what} not found`, { status: 404 })
}

/** A route's `:id` as a number, or 404 when it cannot name a record. */
export function requireId(raw: string | undefined, what: string): number {
  return parseId(raw) ?? notFound(what)
}

/** The record a route's `:id` names, or 404 when the id is malformed or names nothing. */
export async function findOr404<T>(
  raw: string | undefined,
  find: (id: number) => Promise<T | undefined>,
  what: string,
): Promise<T> {
  const id = parseId(raw)
  const record = id === null ? undefined : await find(id)
  if (!record) notFound(what)
  return record
}

/**
 * The one way an admin list deletes a record (brands, deals, posts): the
 * model moves it to the Trash, then back to the list with a toast that offers
 * Undo (`undo`: the kind the toast's Undo restores). A record that is already
 * gone, or a failure, is a toast too, never an error page.
 */
export async function deleteAndReturn(options: {
  id: number | null
  remove: (id: number) => Promise<unknown>
  listPath: string
  deleted: string
  /** the toast when the delete failed */
  failed: ToastText
  /** the toast when there is nothing to delete */
  missing: ToastText
  /** what was deleted, for the toast's Undo */
  undo: TrashKind
}): Promise<Response> {
  const { id, listPath } = options
  if (id === null) return redirectWithToast(listPath, { type: 'error', ...options.missing })
  let removed: unknown
  try {
    removed = await options.remove(id)
  } catch (error) {
    console.error(`Could not delete ${listPath} #${id}`, error)
    return redirectWithToast(listPath, { type: 'error', ...options.failed })
  }
  if (!removed) return redirectWithToast(listPath, { type: 'error', ...options.missing })
  return redirectWithToast(listPath, {
    type: 'success',
    title: options.deleted,
    description: `It stays in the Trash for ${TRASH_DAYS} days.`,
    undo: { kind: options.undo, id },
  })
}
