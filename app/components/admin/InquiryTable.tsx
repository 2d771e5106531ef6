import { useEffect, useRef, useState } from 'react'
import { Form, Link, useFetcher } from 'react-router'

import { showToast } from '~/components/ui/Toaster'
import type { InquiryStatus } from '~/db/types'
import { INQUIRY_STATUSES } from '~/db/types'
import { formatLongDate } from '~/lib/time'
import { INQUIRY_STATUS_LABELS } from '~/schemas/inquiry'

import { adminStyles, statusBadge } from './adminStyles'
import { EmptyList } from './RecordList'
import { SearchAndStatusForm } from './SearchAndStatusForm'

export interface InquiryRowData {
  id: number
  name: string
  email: string
  phone: string
  topic: string
  topic_label: string
  message: string
  status: InquiryStatus
  created_at: string
}

interface ListProps {
  title: string
  intro: string
  basePath: string
  searchLabel: string
  inquiries: InquiryRowData[]
  q: string
  status: 'all' | InquiryStatus
}

/** Below the md breakpoint each row is a card: cells stack, each led by its column name. */
const stackedCell =
  'max-md:flex max-md:gap-3 max-md:py-1 max-md:before:w-20 max-md:before:shrink-0 max-md:before:text-xs max-md:before:font-semibold max-md:before:text-ink-600 max-md:before:uppercase max-md:before:content-[attr(data-label)]'

type StatusAnswer = { ok: true; message: string } | { ok: false; message: string }

function StatusCell({ inquiry, q, filter }: { inquiry: InquiryRowData; q: string; filter: string }) {
  const fetcher = useFetcher<StatusAnswer>()
  const [hydrated, setHydrated] = useState(false)
  const selectRef = useRef<HTMLSelectElement>(null)
  const lastSaved = useRef<string>(inquiry.status)
  useEffect(() => setHydrated(true), [])
  useEffect(() => {
    lastSaved.current = inquiry.status
  }, [inquiry.status])
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return
    if (fetcher.data.ok) {
      lastSaved.current = selectRef.current?.value ?? lastSaved.current
      showToast({ type: 'success', title: fetcher.data.message })
    } else {
      if (selectRef.current) selectRef.current.value = lastSaved.current
      showToast({
        type: 'error',
        title: 'Failed to update status',
        description: fetcher.data.message === 'Failed to update status' ? undefined : fetcher.data.message,
      })
    }
  }, [fetcher.state, fetcher.data])

  const selectId = `status-${inquiry.id}`
  return (
    <Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="id" value={inquiry.id} />
      <input type="hidden" name="q" value={q} />
      <input type="hidden" name="filter" value={filter} />
      <label htmlFor={selectId} className="sr-only">
        Status of the inquiry from {inquiry.name}
      </label>
      <select
        ref={selectRef}
        id={selectId}
        name="status"
        defaultValue={inquiry.status}
        disabled={fetcher.state !== 'idle'}
        onChange={(event) => {
          if (!hydrated) return
          fetcher.submit({ id: String(inquiry.id), status: event.currentTarget.value, js: '1' }, { method: 'post' })
        }}
        className={`rounded-md border border-ink-500 px-2 py-1 text-sm font-semibold ${statusBadge[inquiry.status]}`}
      >
        {INQUIRY_STATUSES.map((s) => (
          <option key={s} value={s}>
            {INQUIRY_STATUS_LABELS[s]}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" className={adminStyles.smallLink}>
          Save
        </button>
      )}
    </Form>
  )
}

const COLUMNS = ['Name', 'Email', 'Phone', 'Topic', 'Message', 'Status', 'Date']

/**
 * The inquiry tools shared by /admin/inquiries and /admin/applications: GET
 * search and status filter, Export CSV of what is shown, and a table with an
 * inline status form per row (submits on change with JavaScript).
 */
export function InquiryList({ title, intro, basePath, searchLabel, inquiries, q, status }: ListProps) {
  const exportParams = new URLSearchParams()
  if (q) exportParams.set('q', q)
  if (status !== 'all') exportParams.set('status', status)
  const exportHref = `${basePath}/export${exportParams.size ? `?${exportParams}` : ''}`
  const filtered = q !== '' || status !== 'all'

  return (
    <main className={`${adminStyles.page} min-w-0`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className={adminStyles.h1}>{title}</h1>
          <p className="mt-1 text-sm text-ink-700">{intro}</p>
        </div>
        {/* The download holds exactly the rows the list shows: the same search and status. */}
        <a href={exportHref} download className={adminStyles.secondary}>
          {inquiries.length === 1 ? 'Export the 1 row shown (CSV)' : `Export the ${inquiries.length} rows shown (CSV)`}
        </a>
      </div>

      <SearchAndStatusForm
        idPrefix="inquiry"
        label={`Search ${title.toLowerCase()}`}
        searchLabel={searchLabel}
        q={q}
        status={status}
        statuses={INQUIRY_STATUSES.map((s) => ({ value: s, label: INQUIRY_STATUS_LABELS[s] }))}
      />

      {inquiries.length === 0 ? (
        <EmptyList>
          No inquiries found
          {filtered ? (
            <>
              {'. '}
              <Link to={basePath} className="font-semibold text-brand-800 underline">
                Clear the search
              </Link>
            </>
          ) : null}
        </EmptyList>
      ) : (
        <div className="mt-6 rounded-lg border border-cream-300 bg-white md:overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm max-md:block md:min-w-[56rem]">
            <caption className="sr-only">
              {title}: {inquiries.length} shown
            </caption>
            <thead className="bg-cream-100 text-xs tracking-wide text-ink-700 uppercase max-md:hidden">
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" className="px-3 py-2">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="max-md:block">
              {inquiries.map((inquiry) => (
                <tr
                  key={inquiry.id}
                  className="border-t border-cream-200 align-top max-md:block max-md:py-2 max-md:first:border-t-0"
                >
                  <th scope="row" data-label="Name" className={`px-3 py-2 font-semibold text-ink-900 ${stackedCell}`}>
                    {inquiry.name}
                  </th>
                  <td data-label="Email" className={`px-3 py-2 break-all ${stackedCell}`}>
                    <a href={`mailto:${inquiry.email}`} className="text-brand-800 underline">
                      {inquiry.email}
                    </a>
                  </td>
                  <td data-label="Phone" className={`px-3 py-2 whitespace-nowrap ${stackedCell}`}>
                    {inquiry.phone ? (
                      <a href={`tel:${inquiry.phone.replace(/[^0-9+]/g, '')}`} className="text-brand-800 underline">
                        {inquiry.phone}
                      </a>
                    ) : (
                      <span className="text-ink-600">—</span>
                    )}
                  </td>
                  <td data-label="Topic" className={`px-3 py-2 ${stackedCell}`}>
                    {inquiry.topic_label}
                  </td>
                  <td
                    data-label="Message"
                    className={`max-w-md px-3 py-2 break-words whitespace-pre-line ${stackedCell}`}
                  >
                    {inquiry.message}
                  </td>
                  <td data-label="Status" className={`px-3 py-2 ${stackedCell}`}>
                    <StatusCell key={inquiry.id} inquiry={inquiry} q={q} filter={status} />
                  </td>
                  <td data-label="Date" className={`px-3 py-2 whitespace-nowrap ${stackedCell}`}>
                    <time dateTime={inquiry.created_at}>{formatLongDate(inquiry.created_at)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  )
}
