import { useEffect, useRef, useState } from 'react'
import { Form, Link, useFetcher, useNavigation } from 'react-router'

import { showToast } from '~/components/ui/Toaster'
import type { InquiryStatus } from '~/db/types'
import { INQUIRY_STATUSES } from '~/db/types'
import { formatPhone, telHref } from '~/lib/tel-href'
import { formatLongDate } from '~/lib/time'
import { useSettings } from '~/root-data'
import { INQUIRY_STATUS_LABELS } from '~/schemas/inquiry'

import { adminStyles, statusBadge } from './adminStyles'
import { NewerOlderPages } from './NewerOlderPages'
import { EmptyList } from './RecordList'
import { SearchAndStatusForm } from './SearchAndStatusForm'
import { formatTimeOfDay } from './when'

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
  /** staff only */
  staff_note: string
}

/** What one record is called: the applications list speaks of applications. */
export type InquiryNoun = 'inquiry' | 'application'
const PLURAL: Record<InquiryNoun, string> = { inquiry: 'inquiries', application: 'applications' }

interface ListProps {
  title: string
  intro: string
  basePath: string
  searchLabel: string
  inquiries: InquiryRowData[]
  /** how many the search and status match, on every page */
  total: number
  page: number
  pageCount: number
  q: string
  status: 'all' | InquiryStatus
  noun?: InquiryNoun
}

/** Where the list stands (search, status, page): every form on it posts this, and staff come back to it. */
interface ListPlace {
  q: string
  filter: string
  page: number
}

function ListPlaceFields({ place }: { place: ListPlace }) {
  return (
    <>
      <input type="hidden" name="q" value={place.q} />
      <input type="hidden" name="filter" value={place.filter} />
      {place.page > 1 ? <input type="hidden" name="page" value={place.page} /> : null}
    </>
  )
}

/** Below the md breakpoint each row is a card: cells stack, each led by its column name. */
const stackedCell =
  'max-md:flex max-md:gap-3 max-md:py-1 max-md:before:w-20 max-md:before:shrink-0 max-md:before:text-xs max-md:before:font-semibold max-md:before:text-ink-600 max-md:before:uppercase max-md:before:content-[attr(data-label)]'

type StatusAnswer = { ok: true; message: string } | { ok: false; message: string }

function StatusCell({ inquiry, place, noun }: { inquiry: InquiryRowData; place: ListPlace; noun: InquiryNoun }) {
  const fetcher = useFetcher<StatusAnswer>()
  const [hydrated, setHydrated] = useState(false)
  const selectRef = useRef<HTMLSelectElement>(null)
  const lastSaved = useRef<string>(inquiry.status)
  useEffect(() => setHydrated(true), [])
  useEffect(() => {
    lastSaved.current = inquiry.status
    // A change made elsewhere (the ticked rows' buttons) shows here too.
    if (selectRef.current) selectRef.current.value = inquiry.status
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
      <ListPlaceFields place={place} />
      <label htmlFor={selectId} className="sr-only">
        Status of the {noun} from {inquiry.name}
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

const COLUMNS = ['Name', 'Email', 'Phone', 'Topic', 'Message', 'Status', 'Date', 'Staff note']

/** The subject a reply starts with: the mail program opens with it and the address filled in. */
function replyHref(inquiry: InquiryRowData, noun: InquiryNoun, brandName: string): string {
  const subject = noun === 'application' ? `Your job application to ${brandName}` : `Your message to ${brandName}`
  return `mailto:${encodeURIComponent(inquiry.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(`Re: ${subject}`)}`
}

/** The internal note: shown in the row, edited in a disclosure (a plain form post). */
function NoteCell({ inquiry, place, noun }: { inquiry: InquiryRowData; place: ListPlace; noun: InquiryNoun }) {
  const id = `note-${inquiry.id}`
  const detailsRef = useRef<HTMLDetailsElement>(null)
  // Once saved, the note shows in the row and its editor closes.
  useEffect(() => {
    if (detailsRef.current) detailsRef.current.open = false
  }, [inquiry.staff_note])
  return (
    <div className="min-w-0">
      {inquiry.staff_note ? <p className="break-words whitespace-pre-line text-ink-900">{inquiry.staff_note}</p> : null}
      <details ref={detailsRef} className="mt-1">
        <summary className="cursor-pointer text-sm font-semibold text-brand-800 underline">
          {inquiry.staff_note ? 'Edit note' : 'Add note'}
        </summary>
        <Form method="post" className="mt-2 space-y-2">
          <input type="hidden" name="intent" value="note" />
          <input type="hidden" name="id" value={inquiry.id} />
          <ListPlaceFields place={place} />
          <label htmlFor={id} className={adminStyles.label}>
            Staff note on the {noun} from {inquiry.name}
          </label>
          <p className={adminStyles.hint}>Only staff see it. Changes are kept in the activity log.</p>
          <textarea
            id={id}
            name="staff_note"
            rows={3}
            maxLength={2000}
            defaultValue={inquiry.staff_note}
            className={`${adminStyles.input} min-w-[14rem] text-sm`}
          />
          <button type="submit" className={adminStyles.smallLink}>
            Save note
          </button>
        </Form>
      </details>
    </div>
  )
}

/**
 * The ticked rows' status in one go: a real form (the row boxes join it with
 * their form attribute), so it works without JavaScript; with it, a box
 * ticks every row and the count of the selection shows.
 */
function BulkStatusBar({
  formId,
  place,
  noun,
  count,
}: {
  formId: string
  place: ListPlace
  noun: InquiryNoun
  count: number
}) {
  const [selected, setSelected] = useState<number | null>(null)
  const busy = useNavigation().formData?.get('intent') === 'bulk-status'
  useEffect(() => {
    const form = document.getElementById(formId) as HTMLFormElement | null
    if (!form) return
    const boxes = () =>
      Array.from(form.elements).filter(
        (el): el is HTMLInputElement => el instanceof HTMLInputElement && el.name === 'ids',
      )
    const update = () => setSelected(boxes().filter((box) => box.checked).length)
    update()
    document.addEventListener('change', update)
    return () => document.removeEventListener('change', update)
  }, [formId, count])

  function toggleAll(checked: boolean) {
    const form = document.getElementById(formId) as HTMLFormElement | null
    if (!form) return
    for (const el of Array.from(form.elements)) {
      if (el instanceof HTMLInputElement && el.name === 'ids') el.checked = checked
    }
    setSelected(checked ? count : 0)
  }

  // Once a change is made the list shows the new statuses: start a fresh selection.
  const wasBusy = useRef(false)
  useEffect(() => {
    if (wasBusy.current && !busy) toggleAll(false)
    wasBusy.current = busy
  })

  return (
    <Form
      method="post"
      id={formId}
      aria-label={`Change the status of the ticked ${PLURAL[noun]}`}
      className="mt-4 flex flex-wrap items-center gap-2 rounded-lg border border-cream-300 bg-white px-3 py-2 text-sm"
    >
      <input type="hidden" name="intent" value="bulk-status" />
      <ListPlaceFields place={place} />
      {selected === null ? (
        <span className="text-ink-700">For the ticked {PLURAL[noun]}:</span>
      ) : (
        <label className="inline-flex min-h-11 items-center gap-2 font-semibold text-ink-900">
          <input
            type="checkbox"
            className="size-5 accent-brand-800"
            checked={count > 0 && selected === count}
            onChange={(event) => toggleAll(event.currentTarget.checked)}
          />
          Select all
          <span className="font-normal text-ink-700" aria-live="polite">
            ({selected} selected)
          </span>
        </label>
      )}
      <span className="ml-auto flex flex-wrap gap-2">
        <button type="submit" name="status" value="in-progress" className={adminStyles.smallLink} disabled={busy}>
          Mark in progress
        </button>
        <button type="submit" name="status" value="closed" className={adminStyles.smallLink} disabled={busy}>
          Mark closed
        </button>
      </span>
    </Form>
  )
}

/**
 * The inquiry tools shared by /admin/inquiries and /admin/applications: GET
 * search and status filter, Export CSV of what is shown, and a table with an
 * inline status form per row (submits on change with JavaScript).
 */
export function InquiryList({
  title,
  intro,
  basePath,
  searchLabel,
  inquiries,
  total,
  page,
  pageCount,
  q,
  status,
  noun = 'inquiry',
}: ListProps) {
  const place: ListPlace = { q, filter: status, page }
  const brandName = useSettings().brand_name
  const bulkFormId = `${noun}-bulk-status`
  const listParams = new URLSearchParams()
  if (q) listParams.set('q', q)
  if (status !== 'all') listParams.set('status', status)
  const exportHref = `${basePath}/export${listParams.size ? `?${listParams}` : ''}`
  const pageHref = (target: number) => {
    const params = new URLSearchParams(listParams)
    if (target > 1) params.set('page', String(target))
    return `${basePath}${params.size ? `?${params}` : ''}`
  }
  const filtered = q !== '' || status !== 'all'

  return (
    <main className={`${adminStyles.page} min-w-0`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className={adminStyles.h1}>{title}</h1>
          <p className="mt-1 text-sm text-ink-700">{intro}</p>
        </div>
        {/* The download holds every row the search and status match, on every page. */}
        <a href={exportHref} download className={adminStyles.secondary}>
          {pageCount > 1
            ? `Export all ${total.toLocaleString('en-US')} rows (CSV)`
            : inquiries.length === 1
              ? 'Export the 1 row shown (CSV)'
              : `Export the ${inquiries.length} rows shown (CSV)`}
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
          {noun === 'application' ? 'No applications found' : 'No inquiries found'}
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
        <>
          {pageCount > 1 ? (
            <p className="mt-4 text-sm text-ink-700">
              {total.toLocaleString('en-US')} {PLURAL[noun]} · page {page} of {pageCount}, newest first
            </p>
          ) : null}
          <BulkStatusBar formId={bulkFormId} place={place} noun={noun} count={inquiries.length} />
          <div className="mt-3 rounded-lg border border-cream-300 bg-white md:overflow-x-auto">
            <table className="w-full border-collapse text-left text-sm max-md:block md:min-w-[56rem]">
              <caption className="sr-only">
                {title}: {inquiries.length} shown{pageCount > 1 ? `, page ${page} of ${pageCount}` : ''}
              </caption>
              <thead className="bg-cream-100 text-xs tracking-wide text-ink-700 uppercase max-md:hidden">
                <tr>
                  <th scope="col" className="w-10 px-3 py-2">
                    <span className="sr-only">Select</span>
                  </th>
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
                    <td data-label="Select" className={`px-3 py-2 ${stackedCell}`}>
                      <input
                        type="checkbox"
                        name="ids"
                        value={inquiry.id}
                        form={bulkFormId}
                        aria-label={`Select the ${noun} from ${inquiry.name}`}
                        className="size-5 accent-brand-800"
                      />
                    </td>
                    <th scope="row" data-label="Name" className={`px-3 py-2 font-semibold text-ink-900 ${stackedCell}`}>
                      {inquiry.name}
                    </th>
                    <td data-label="Email" className={`px-3 py-2 ${stackedCell}`}>
                      <span className="flex flex-col items-start gap-1">
                        <a href={`mailto:${inquiry.email}`} className="break-all text-brand-800 underline">
                          {inquiry.email}
                        </a>
                        <a
                          href={replyHref(inquiry, noun, brandName)}
                          className="inline-flex items-center rounded-md border border-brand-800 px-2 py-0.5 text-xs font-semibold text-brand-800 hover:bg-brand-50"
                          aria-label={`Reply to ${inquiry.name} by email`}
                        >
                          Reply
                        </a>
                      </span>
                    </td>
                    <td data-label="Phone" className={`px-3 py-2 whitespace-nowrap ${stackedCell}`}>
                      {inquiry.phone ? (
                        <a href={telHref(inquiry.phone)} className="text-brand-800 underline">
                          {formatPhone(inquiry.phone)}
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
                      <StatusCell key={inquiry.id} inquiry={inquiry} place={place} noun={noun} />
                    </td>
                    <td data-label="Date" className={`px-3 py-2 whitespace-nowrap ${stackedCell}`}>
                      <time dateTime={inquiry.created_at}>
                        {formatLongDate(inquiry.created_at)}
                        <span className="text-ink-700"> · {formatTimeOfDay(inquiry.created_at)}</span>
                      </time>
                    </td>
                    <td data-label="Staff note" className={`px-3 py-2 md:min-w-[12rem] ${stackedCell}`}>
                      <NoteCell inquiry={inquiry} place={place} noun={noun} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <NewerOlderPages label={`Pages of ${PLURAL[noun]}`} page={page} pageCount={pageCount} hrefFor={pageHref} />
        </>
      )}
    </main>
  )
}
