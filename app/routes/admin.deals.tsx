import { useRef } from 'react'
import { Form, Link, useSubmit } from 'react-router'

import { requireAdmin } from '~/auth/session.server'
import { adminStyles } from '~/components/admin/adminStyles'
import { DealForm } from '~/components/admin/DealForm'
import { EmptyList, OpenLink, RecordListHeading, RecordTable } from '~/components/admin/RecordList'
import { useEditorDialog } from '~/components/admin/useEditorDialog'
import { useFieldFollowsAddress, useLiveFilter } from '~/components/admin/useLiveFilter'
import { Dialog } from '~/components/ui/Dialog'
import type { DealSlide } from '~/db/types'
import { adminMeta } from '~/lib/admin-meta'
import { RECORD_LISTS } from '~/lib/record-lists'
import { formatShortDate } from '~/lib/time'
import { type DealStatus, dealStatus, listDealSlides } from '~/models/deals.server'
import { DEAL_FILTER_OPTIONS, type DealFilterValue as DealFilter } from '~/schemas/deal'
import { parseListFilter } from '~/schemas/list-filter'

import type { Route } from './+types/admin.deals'

export const meta: Route.MetaFunction = () => adminMeta('Deals')

const FILTER_LABELS = Object.fromEntries(DEAL_FILTER_OPTIONS.map((o) => [o.value, o.label])) as Record<
  DealFilter,
  string
>

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const url = new URL(request.url)
  const { q, choice: filter } = parseListFilter(
    url.searchParams,
    'filter',
    DEAL_FILTER_OPTIONS.map((o) => o.value),
  )
  const now = new Date()
  const deals = await listDealSlides({ q, filter, now })
  return { q, filter, deals: deals.map((deal) => ({ ...deal, status: dealStatus(deal, now) })) }
}

const STATUS_BADGE: Record<DealStatus, string> = {
  Active: 'bg-success-50 text-success-700',
  Upcoming: 'bg-accent-100 text-accent-800',
  Expired: 'bg-danger-50 text-danger-700',
  Inactive: 'bg-cream-200 text-ink-900',
}

type Editing = { mode: 'new' } | { mode: 'edit'; deal: DealSlide }

function filterHref(filter: DealFilter, q: string): string {
  const params = new URLSearchParams()
  if (q) params.set('q', q)
  if (filter !== 'all') params.set('filter', filter)
  const query = params.toString()
  return query ? `/admin/deals?${query}` : '/admin/deals'
}

export default function AdminDeals({ loaderData }: Route.ComponentProps) {
  const { deals, q, filter } = loaderData
  const { editing, openCount, open, close } = useEditorDialog<Editing>()
  const live = useLiveFilter()
  const searchRef = useRef<HTMLInputElement>(null)
  useFieldFollowsAddress(searchRef, q)
  const submit = useSubmit()

  return (
    <main className={adminStyles.page}>
      <RecordListHeading
        title="Deals"
        description="The slides of the specials carousel on the Deals page."
        addLabel="Add Deal"
        addTo="/admin/deals/new"
        onAdd={() => open({ mode: 'new' })}
      />

      <div className="mt-4 flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <Form
          method="get"
          role="search"
          aria-label="Deal search"
          onChange={live.onChange}
          onSubmit={live.onSubmit}
          className="flex flex-1 items-end gap-2"
        >
          {filter !== 'all' ? <input type="hidden" name="filter" value={filter} /> : null}
          <div className="min-w-0 flex-1">
            <label htmlFor="deal-search" className={adminStyles.label}>
              Search deals
            </label>
            <input
              ref={searchRef}
              id="deal-search"
              type="search"
              name="q"
              defaultValue={q}
              autoComplete="off"
              maxLength={200}
              placeholder="Title or description"
              className={adminStyles.input}
            />
          </div>
          <button type="submit" className={adminStyles.secondary}>
            Search
          </button>
        </Form>
        <nav aria-label="Filter deals">
          <ul className="flex flex-wrap gap-2">
            {DEAL_FILTER_OPTIONS.map(({ value }) => {
              const current = value === filter
              return (
                <li key={value}>
                  <Link
                    to={filterHref(value, q)}
                    aria-current={current ? 'page' : undefined}
                    className={`inline-flex items-center rounded-md border px-3 py-1.5 text-sm font-semibold ${
                      current
                        ? 'border-brand-800 bg-brand-800 text-cream-50'
                        : 'border-ink-500 bg-white text-ink-900 hover:bg-cream-100'
                    }`}
                  >
                    {FILTER_LABELS[value]}
                  </Link>
                </li>
              )
            })}
          </ul>
        </nav>
      </div>

      {deals.length === 0 ? (
        <EmptyList>
          No deals found
          {q || filter !== 'all' ? (
            <>
              {' · '}
              <Link to="/admin/deals" className="font-semibold text-brand-800 underline">
                Show all deals
              </Link>
            </>
          ) : null}
        </EmptyList>
      ) : (
        <RecordTable
          caption={
            <>
              Deals{filter !== 'all' ? `, ${FILTER_LABELS[filter].toLowerCase()}` : ''}
              {q ? `, matching “${q}”` : ''}
            </>
          }
          columns={['Title', 'Start Date', 'End Date', 'Status', 'Order', 'Actions']}
          className="sm:min-w-[44rem]"
        >
          {deals.map((deal) => (
            <tr key={deal.id} className="grid grid-cols-2 gap-x-3 gap-y-2 p-3 align-middle sm:table-row sm:p-0">
              <th scope="row" className="col-span-2 block text-left font-normal sm:table-cell sm:px-3 sm:py-2">
                <div className="flex items-center gap-3">
                  {deal.image_url ? (
                    <img
                      src={deal.image_url}
                      alt=""
                      width={64}
                      height={32}
                      loading="lazy"
                      className="h-8 w-16 shrink-0 rounded bg-cream-50 object-cover"
                    />
                  ) : (
                    <span className="h-8 w-16 shrink-0 rounded bg-cream-100" aria-hidden="true" />
                  )}
                  <div className="min-w-0">
                    <p className="font-semibold text-ink-900">{deal.title}</p>
                    {deal.description ? <p className="line-clamp-1 text-xs text-ink-700">{deal.description}</p> : null}
                  </div>
                </div>
              </th>
              <td className="block whitespace-nowrap sm:table-cell sm:px-3 sm:py-2">
                <span className="text-xs font-semibold uppercase tracking-wide text-ink-600 sm:hidden">Start </span>
                {formatShortDate(deal.start_date) || '—'}
              </td>
              <td className="block whitespace-nowrap sm:table-cell sm:px-3 sm:py-2">
                <span className="text-xs font-semibold uppercase tracking-wide text-ink-600 sm:hidden">End </span>
                {formatShortDate(deal.end_date) || '—'}
              </td>
              <td className="block sm:table-cell sm:px-3 sm:py-2">
                <span
                  className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_BADGE[deal.status]}`}
                >
                  {deal.status}
                </span>
              </td>
              <td className="block tabular-nums sm:table-cell sm:px-3 sm:py-2">
                <span className="text-xs font-semibold uppercase tracking-wide text-ink-600 sm:hidden">Order </span>
                {deal.sort_order}
              </td>
              <td className="col-span-2 block sm:table-cell sm:px-3 sm:py-2">
                <div className="flex gap-2 sm:justify-end">
                  <OpenLink
                    to={`/admin/deals/${deal.id}/edit`}
                    aria-label={`Edit ${deal.title}`}
                    className={adminStyles.smallLink}
                    onOpen={() => open({ mode: 'edit', deal })}
                  >
                    Edit
                  </OpenLink>
                  <Link
                    to={`/admin/deals/${deal.id}/delete`}
                    aria-label={`Delete ${deal.title}`}
                    className={adminStyles.dangerLink}
                    onClick={(event) => {
                      event.preventDefault()
                      if (window.confirm(RECORD_LISTS.deal.deleteQuestion.title)) {
                        void submit({}, { method: 'post', action: `/admin/deals/${deal.id}/delete` })
                      }
                    }}
                  >
                    Delete
                  </Link>
                </div>
              </td>
            </tr>
          ))}
        </RecordTable>
      )}

      <Dialog
        open={editing !== null}
        onClose={close}
        title={editing?.mode === 'edit' ? 'Edit Deal' : 'Add Deal'}
        size="lg"
      >
        {editing ? (
          <DealForm
            key={openCount}
            action={editing.mode === 'edit' ? `/admin/deals/${editing.deal.id}/edit` : '/admin/deals/new'}
            deal={editing.mode === 'edit' ? editing.deal : undefined}
            submitLabel={editing.mode === 'edit' ? 'Update Deal' : 'Create Deal'}
            onCancel={close}
          />
        ) : null}
      </Dialog>
    </main>
  )
}
