import { useRef } from 'react'
import { Form } from 'react-router'

import { adminStyles } from './adminStyles'
import { useFieldFollowsAddress, useLiveFilter } from './useLiveFilter'

/**
 * A list's GET search form: a text search (`?q=`) and a status filter
 * (`?status=`, with 'all'). Without JavaScript it submits; with it the list
 * follows as staff type or choose (useLiveFilter).
 */
export function SearchAndStatusForm({
  idPrefix,
  label,
  searchLabel,
  q,
  status,
  statuses,
}: {
  /** ids: `${idPrefix}-search`, `${idPrefix}-status` */
  idPrefix: string
  /** accessible name of the search region */
  label: string
  searchLabel: string
  q: string
  status: string
  statuses: readonly { value: string; label: string }[]
}) {
  const live = useLiveFilter()
  const searchRef = useRef<HTMLInputElement>(null)
  const statusRef = useRef<HTMLSelectElement>(null)
  useFieldFollowsAddress(searchRef, q)
  useFieldFollowsAddress(statusRef, status)
  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      onChange={live.onChange}
      onSubmit={live.onSubmit}
      className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <div className="flex-1">
        <label htmlFor={`${idPrefix}-search`} className={adminStyles.label}>
          {searchLabel}
        </label>
        <input
          ref={searchRef}
          id={`${idPrefix}-search`}
          type="search"
          name="q"
          defaultValue={q}
          autoComplete="off"
          className={adminStyles.input}
        />
      </div>
      <div className="sm:w-48">
        <label htmlFor={`${idPrefix}-status`} className={adminStyles.label}>
          Status
        </label>
        <select
          ref={statusRef}
          id={`${idPrefix}-status`}
          name="status"
          defaultValue={status}
          className={adminStyles.input}
        >
          <option value="all">All</option>
          {statuses.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={adminStyles.secondary}>
        Search
      </button>
    </Form>
  )
}
