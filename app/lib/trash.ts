/**
 * The Trash's vocabulary, shared by the server and the browser (the toast's
 * Undo names what it restores): what can be deleted into it, and how long it
 * stays there before it is removed for good.
 */
import { RECORD_KINDS, RECORD_LISTS, type RecordKind } from './record-lists'

export const TRASH_DAYS = 30

/** What can be deleted into the Trash: the records of the admin lists (see record-lists.ts). */
export const TRASH_KINDS = RECORD_KINDS
export type TrashKind = RecordKind

/** What each kind is called on the Trash screen. */
export const TRASH_KIND_LABELS = fromKinds((kind) => RECORD_LISTS[kind].label)

/** The admin list each kind lives in: who may restore one is who may use that list. */
export const TRASH_KIND_LISTS = fromKinds((kind) => RECORD_LISTS[kind].list)

/** The toast's title after a restore: "Post restored", "Deal restored", "Brand restored". */
export const TRASH_KIND_RESTORED = fromKinds((kind) => `${RECORD_LISTS[kind].noun} restored`)

function fromKinds(value: (kind: TrashKind) => string): Record<TrashKind, string> {
  return Object.fromEntries(TRASH_KINDS.map((kind) => [kind, value(kind)])) as Record<TrashKind, string>
}

/** Where the restore form lives (the Trash screen's action); the toast's Undo posts there too. */
export const RESTORE_ACTION = '/admin/trash'

const DAY_MS = 24 * 60 * 60 * 1000

/** When something deleted at `deletedAt` (ISO) is removed for good (ISO). */
export function trashRemovalTime(deletedAt: string): string {
  return new Date(new Date(deletedAt).getTime() + TRASH_DAYS * DAY_MS).toISOString()
}

/** The moment before which whatever was deleted is now removed for good. */
export function trashCutoff(now: Date): Date {
  return new Date(now.getTime() - TRASH_DAYS * DAY_MS)
}
