import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'

import { mayUse } from '~/auth/permissions'
import { NOT_ALLOWED_MESSAGE, requireAdmin } from '~/auth/session.server'
import { adminStyles } from '~/components/admin/adminStyles'
import { EmptyList, RecordTable } from '~/components/admin/RecordList'
import { FormError } from '~/components/forms'
import { tryReadFormData } from '~/http/form-data.server'
import { redirectWithToast } from '~/http/toast.server'
import { adminMeta } from '~/lib/admin-meta'
import { UNREADABLE_FORM_MESSAGE } from '~/lib/form-shape'
import { formatStoreInstant } from '~/lib/publish-label'
import { STORE_TIME_ZONE, storeDaysUntil } from '~/lib/time'
import {
  TRASH_DAYS,
  TRASH_KIND_LABELS,
  TRASH_KIND_LISTS,
  TRASH_KIND_RESTORED,
  TRASH_KINDS,
  type TrashKind,
} from '~/lib/trash'
import { listTrash, restoreFromTrash } from '~/models/trash.server'
import { RestoreSchema } from '~/schemas/trash'

import type { Route } from './+types/admin.trash'

export const meta: Route.MetaFunction = () => adminMeta('Trash')

/** The kinds this account may restore: those whose list it may use (staff: posts; admins: all). */
function kindsFor(role: Parameters<typeof mayUse>[0]): TrashKind[] {
  return TRASH_KINDS.filter((kind) => mayUse(role, TRASH_KIND_LISTS[kind]))
}

/** 'Dec 26, 2026' in the store's time zone: short enough for a phone's line. */
const removalDate = new Intl.DateTimeFormat('en-US', {
  timeZone: STORE_TIME_ZONE,
  year: 'numeric',
  month: 'short',
  day: 'numeric',
})

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request)
  const kinds = kindsFor(user.role)
  const now = new Date()
  const items = (await listTrash(kinds)).map((item) => ({
    ...item,
    kindLabel: TRASH_KIND_LABELS[item.kind],
    deletedWhen: formatStoreInstant(item.deleted_at, now),
    removedOn: removalDate.format(new Date(item.removes_at)),
    // Counted in the store's calendar days, as the date beside it reads.
    daysLeft: Math.max(0, storeDaysUntil(new Date(item.removes_at), now)),
  }))
  return { items, kinds: kinds.map((kind) => TRASH_KIND_LABELS[kind].toLowerCase()) }
}

/** Restores one record from the Trash: from this screen, or from the Undo of the toast after a delete. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request)
  const formData = await tryReadFormData(request)
  if (!formData) return data({ error: UNREADABLE_FORM_MESSAGE }, { status: 400 })
  const submission = parseWithZod(formData, { schema: RestoreSchema })
  if (submission.status !== 'success') {
    const first = Object.values(submission.error ?? {}).flat()[0]
    return data({ error: first ?? 'Choose something in the Trash to restore' }, { status: 400 })
  }
  const { kind, id, back } = submission.value
  // Restoring is for whoever may use the record's own list (a deal or brand: admins).
  if (!mayUse(user.role, TRASH_KIND_LISTS[kind])) throw data(NOT_ALLOWED_MESSAGE, { status: 403 })
  const to = back === 'list' ? TRASH_KIND_LISTS[kind] : '/admin/trash'
  let result: Awaited<ReturnType<typeof restoreFromTrash>>
  try {
    result = await restoreFromTrash(kind, id)
  } catch (error) {
    console.error(`Could not restore ${kind} #${id}`, error)
    return redirectWithToast(to, { type: 'error', title: 'Could not restore', description: 'Please try again.' })
  }
  if (!result.ok)
    return redirectWithToast(to, {
      type: 'error',
      title: 'Nothing to restore',
      description: 'It was already restored, or removed for good.',
    })
  return redirectWithToast(to, {
    type: 'success',
    title: TRASH_KIND_RESTORED[kind],
    description: result.slug
      ? `“${result.label}” is back at /blog/${result.slug.given}: another post took /blog/${result.slug.wanted} meanwhile.`
      : `“${result.label}” is back.`,
  })
}

export default function AdminTrash({ loaderData, actionData }: Route.ComponentProps) {
  const { items, kinds } = loaderData
  const what = kinds.length === 1 ? `${kinds[0]}s` : `${kinds.slice(0, -1).join('s, ')}s and ${kinds.at(-1)}s`

  return (
    <main className={adminStyles.page}>
      <h1 className={adminStyles.h1}>Trash</h1>
      <p className="mt-1 max-w-prose text-sm text-ink-700">
        Deleted {what} stay here for {TRASH_DAYS} days, then they are removed for good. Restore puts one back where it
        was, with its pictures, categories and tags.
      </p>
      <FormError id="restore-error" errors={actionData?.error ? [actionData.error] : undefined} />

      {items.length === 0 ? (
        <EmptyList>The Trash is empty.</EmptyList>
      ) : (
        <RecordTable
          caption="Deleted items, most recently deleted first"
          columns={['What', 'Title or name', 'Deleted', 'Removed for good', 'Actions']}
          className="sm:min-w-[44rem]"
        >
          {items.map((item) => (
            <tr
              key={`${item.kind}-${item.id}`}
              className="grid grid-cols-[1fr_auto] items-start gap-x-3 gap-y-1 p-3 sm:table-row sm:p-0 sm:align-middle"
            >
              <td className="col-span-2 block sm:table-cell sm:px-3 sm:py-2">
                <span className="inline-block rounded-full bg-cream-200 px-2 py-0.5 text-xs font-semibold text-ink-900">
                  {item.kindLabel}
                </span>
              </td>
              <th
                scope="row"
                className="col-span-2 block text-left font-semibold break-words text-ink-900 sm:table-cell sm:px-3 sm:py-2"
              >
                {item.label}
              </th>
              <td className="block text-ink-700 sm:table-cell sm:px-3 sm:py-2">
                <span className="sm:hidden">Deleted </span>
                {item.deletedWhen}
                {item.deleted_by ? (
                  <>
                    {' '}
                    by <span className="break-words text-ink-900">{item.deleted_by}</span>
                  </>
                ) : null}
              </td>
              <td className="block text-ink-700 sm:table-cell sm:px-3 sm:py-2">
                <span className="sm:hidden">Removed for good </span>
                {item.removedOn}{' '}
                <span className="whitespace-nowrap">
                  ({item.daysLeft === 1 ? 'in 1 day' : item.daysLeft === 0 ? 'today' : `in ${item.daysLeft} days`})
                </span>
              </td>
              <td className="col-start-2 row-span-2 row-start-3 block self-center sm:table-cell sm:px-3 sm:py-2 sm:text-right">
                <Form method="post">
                  <input type="hidden" name="kind" value={item.kind} />
                  <input type="hidden" name="id" value={item.id} />
                  <button
                    type="submit"
                    className={adminStyles.smallLink}
                    aria-label={`Restore ${item.kindLabel.toLowerCase()} ${item.label}`}
                  >
                    Restore
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </RecordTable>
      )}
    </main>
  )
}
