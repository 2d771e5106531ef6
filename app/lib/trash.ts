/**
 * The Trash's vocabulary, shared by the server and the browser (the toast's
 * Undo names what it restores): what can be deleted into it, and how long it
 * stays there before it is removed for good.
 */
export const TRASH_DAYS = 30

export const TRASH_KINDS = ['post', 'deal', 'brand'] as const
export type TrashKind = (typeof TRASH_KINDS)[number]

/** What each kind is called on the Trash screen. */
export const TRASH_KIND_LABELS: Record<TrashKind, string> = { post: 'Blog post', deal: 'Deal', brand: 'Brand' }

/** The admin list each kind lives in: who may restore one is who may use that list. */
export const TRASH_KIND_LISTS: Record<TrashKind, string> = {
  post: '/admin/blog',
  deal: '/admin/deals',
  brand: '/admin/brands',
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
