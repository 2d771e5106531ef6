import { Form } from 'react-router'

import { requireAdmin } from '~/auth/session.server'
import { ActivityChanges } from '~/components/admin/ActivityChanges'
import { adminStyles } from '~/components/admin/adminStyles'
import { NewerOlderPages } from '~/components/admin/NewerOlderPages'
import { formatWhen } from '~/components/admin/when'
import { parseChanges, readableOldSummary } from '~/lib/activity-changes'
import { adminMeta } from '~/lib/admin-meta'
import { ACTIVITY_KINDS, type ActivityKind, RECORD_LISTS } from '~/lib/record-lists'
import { KEEP_ACTIVITY_DAYS, listActivity } from '~/models/activity.server'
import { listStaff } from '~/models/staff.server'
import { parseActivityFilter } from '~/schemas/staff'

import type { Route } from './+types/admin.activity'

export const meta: Route.MetaFunction = () => adminMeta('Activity')

const PAGE_SIZE = 50

const OTHER_KINDS = {
  settings: { plural: 'Store settings', noun: 'Settings' },
  inquiry: { plural: 'Inquiries', noun: 'Inquiry' },
  account: { plural: 'Accounts', noun: 'Account' },
} as const

/** Each kind's filter option and badge: the admin lists' from their definitions, then the rest. */
const KINDS: Record<ActivityKind, { plural: string; noun: string }> = { ...RECORD_LISTS, ...OTHER_KINDS }

/** A kind's badge; a kind added later that has none here reads as its own name. */
function kindNoun(kind: string): string {
  return (
    (KINDS as Partial<Record<string, { noun: string }>>)[kind]?.noun ??
    kind.charAt(0).toUpperCase() + kind.slice(1).replace(/[-_]+/g, ' ')
  )
}

/** Who changed what: newest first, filtered by person and kind from the query string. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const filter = parseActivityFilter(new URL(request.url).searchParams)
  const [{ rows, total }, staff] = await Promise.all([listActivity({ ...filter, pageSize: PAGE_SIZE }), listStaff()])
  const people = staff
    .map((member) => ({ id: member.id, label: member.name ? `${member.name} (${member.email})` : member.email }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en', { sensitivity: 'base' }))
  return {
    rows: rows.map((row) => {
      const changes = parseChanges(row.changes)
      // Entries written before changes were kept have only their summary: read it in the same words.
      return { ...row, changes, summary: changes ? '' : readableOldSummary(row.summary) }
    }),
    total,
    page: filter.page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    person: filter.person === undefined ? '' : String(filter.person),
    kind: filter.kind ?? '',
    people,
    keptDays: KEEP_ACTIVITY_DAYS,
  }
}

export default function Activity({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, person, kind, people } = loaderData
  const hrefFor = (target: number) => {
    const params = new URLSearchParams()
    if (person) params.set('person', person)
    if (kind) params.set('kind', kind)
    if (target > 1) params.set('page', String(target))
    const query = params.toString()
    return query ? `/admin/activity?${query}` : '/admin/activity'
  }

  return (
    <main className={adminStyles.page}>
      <h1 className={adminStyles.h1}>Activity</h1>
      <p className="mt-1 text-sm text-ink-700">
        Every change to posts, deals, brands, store settings, inquiries and accounts: who, when and what. Kept for{' '}
        {loaderData.keptDays === 365 ? 'a year' : `${loaderData.keptDays} days`}.
      </p>

      <Form
        method="get"
        role="search"
        aria-label="Filter the activity"
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end"
        onChange={(event) => event.currentTarget.requestSubmit()}
      >
        <div className="sm:w-72">
          <label htmlFor="activity-person" className={adminStyles.label}>
            Person
          </label>
          <select id="activity-person" name="person" defaultValue={person} key={person} className={adminStyles.input}>
            <option value="">Everyone</option>
            {people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
            <option value="system">The server (command line, start-up)</option>
          </select>
        </div>
        <div className="sm:w-56">
          <label htmlFor="activity-kind" className={adminStyles.label}>
            Kind
          </label>
          <select id="activity-kind" name="kind" defaultValue={kind} key={kind} className={adminStyles.input}>
            <option value="">Everything</option>
            {ACTIVITY_KINDS.map((k) => (
              <option key={k} value={k}>
                {KINDS[k].plural}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={adminStyles.secondary}>
          Filter
        </button>
      </Form>

      <p className="mt-4 text-sm text-ink-700" role="status">
        {total === 0
          ? 'Nothing recorded yet for this filter.'
          : `${total.toLocaleString('en-US')} change${total === 1 ? '' : 's'}${pageCount > 1 ? ` · page ${page} of ${pageCount}` : ''}`}
      </p>

      {rows.length > 0 ? (
        <ol
          className="mt-3 divide-y divide-cream-200 rounded-lg border border-cream-300 bg-white shadow-sm"
          aria-label="Changes, newest first"
        >
          {rows.map((row) => (
            <li key={row.id} className="grid gap-1 p-3 text-sm sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4">
              <p className="text-ink-700 tabular-nums">
                <time dateTime={row.created_at}>{formatWhen(row.created_at)}</time>
              </p>
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-x-2 text-ink-900">
                  <span className="rounded-full bg-cream-200 px-2 py-0.5 text-xs font-semibold text-ink-900">
                    {kindNoun(row.kind)}
                  </span>
                  <span className="font-semibold [overflow-wrap:anywhere]">{row.subject_label || 'Every account'}</span>
                </p>
                <p className="mt-0.5 text-ink-900 [overflow-wrap:anywhere]">
                  {row.action.charAt(0).toUpperCase() + row.action.slice(1)}{' '}
                  {row.actor_email ? (
                    <>
                      by <span className="font-semibold">{row.actor_name || row.actor_email}</span>
                    </>
                  ) : (
                    'on the server'
                  )}
                </p>
                {row.changes ? <ActivityChanges changes={row.changes} created={row.action === 'created'} /> : null}
                {row.summary ? <p className="mt-0.5 text-ink-700 [overflow-wrap:anywhere]">{row.summary}</p> : null}
              </div>
            </li>
          ))}
        </ol>
      ) : null}

      <NewerOlderPages label="Pages of activity" page={page} pageCount={pageCount} hrefFor={hrefFor} />
    </main>
  )
}
