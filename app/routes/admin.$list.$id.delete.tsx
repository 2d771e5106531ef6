import { requireAdmin } from '~/auth/session.server'
import { ConfirmDeletePage, deleteQuestionFor } from '~/components/admin/ConfirmDeleteDialog'
import { deleteAndReturn, findOr404, notFound, requireId } from '~/http/records.server'
import { adminMeta } from '~/lib/admin-meta'
import { RECORD_KINDS, RECORD_LISTS, type RecordKind } from '~/lib/record-lists'
import { formatShortDate } from '~/lib/time'
import { findInUse, moveToTrash } from '~/models/trash.server'

import type { Route } from './+types/admin.$list.$id.delete'

/**
 * The page that asks before a record goes to the Trash, for every admin list
 * (posts, deals, brands): routes.ts mounts this one module at each list's
 * delete address, and the list it serves is the one whose address pattern
 * React Router matched. Without JavaScript the lists' Delete buttons lead
 * here; with it, they ask in a dialog (or, for brands, not at all) and post
 * here directly. Its words come from the list's definition (record-lists.ts).
 */

/** The list whose delete address React Router matched. */
function kindAt(pattern: string): RecordKind {
  // React Router joins the matched routes' paths without a leading slash ("admin/deals/:id/delete").
  const path = `/${pattern.replace(/^\/+/, '')}`
  // routes.ts mounts this module only at these addresses, so one of them matched.
  return RECORD_KINDS.find((kind) => RECORD_LISTS[kind].deletePath === path) ?? notFound('Page')
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(`Delete ${loaderData ? RECORD_LISTS[loaderData.kind].noun : 'Record'}`)

export async function loader({ request, params, pattern }: Route.LoaderArgs) {
  await requireAdmin(request)
  const kind = kindAt(pattern)
  const record = await findOr404(params.id, (id) => findInUse(kind, id), RECORD_LISTS[kind].noun)
  return { kind, name: nameWithPeriod(record) }
}

/** Its name, with its dates when its list has them: "Half-off Fridays (Jan 3, 2027 – open end)". */
function nameWithPeriod({ label, period }: { label: string; period?: [string | null, string | null] }): string {
  const [start, end] = (period ?? [null, null]).map(formatShortDate)
  return start || end ? `${label} (${start || 'open start'} – ${end || 'open end'})` : label
}

export async function action({ request, params, pattern }: Route.ActionArgs) {
  await requireAdmin(request)
  const kind = kindAt(pattern)
  const { list, noun, deleteToasts } = RECORD_LISTS[kind]
  return deleteAndReturn({
    id: requireId(params.id, noun),
    remove: (id) => moveToTrash(kind, id),
    undo: kind,
    listPath: list,
    ...deleteToasts,
  })
}

export default function ConfirmDeleteRecord({ loaderData }: Route.ComponentProps) {
  const { kind, name } = loaderData
  return <ConfirmDeletePage question={deleteQuestionFor(kind)} name={name} cancelTo={RECORD_LISTS[kind].list} />
}
