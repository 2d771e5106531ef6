import type { ComponentProps, ReactNode } from 'react'
import { Link } from 'react-router'

import { adminStyles } from './adminStyles'

/**
 * The top of an admin list with an editor dialog (brands, deals): its heading,
 * a line about what the records are, and the Add link, which opens the dialog
 * with JavaScript and the record's own page without.
 */
export function RecordListHeading({
  title,
  description,
  addLabel,
  addTo,
  onAdd,
}: {
  title: string
  description: string
  addLabel: string
  addTo: string
  onAdd: () => void
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h1 className={adminStyles.h1}>{title}</h1>
        <p className="mt-1 text-sm text-ink-700">{description}</p>
      </div>
      <OpenLink to={addTo} className={adminStyles.primary} onOpen={onAdd}>
        <span aria-hidden="true">+</span> {addLabel}
      </OpenLink>
    </div>
  )
}

/** A link to a record's page that, with JavaScript, opens the list's dialog instead (Add, Edit). */
export function OpenLink({ onOpen, ...props }: { onOpen: () => void } & Omit<ComponentProps<typeof Link>, 'onClick'>) {
  return (
    <Link
      {...props}
      onClick={(event) => {
        event.preventDefault()
        onOpen()
      }}
    />
  )
}

/** The message of a list with nothing to show. */
export function EmptyList({ children }: { children: ReactNode }) {
  return (
    <p className="mt-8 rounded-lg border border-dashed border-cream-300 bg-white p-8 text-center text-ink-700">
      {children}
    </p>
  )
}

/**
 * A list's table: below 640 px each row becomes a small card (the rows lay
 * themselves out), from sm up a plain table with a header row; the last
 * column (the actions) is right-aligned.
 */
export function RecordTable({
  caption,
  columns,
  className,
  children,
}: {
  caption: ReactNode
  columns: string[]
  /** the table's own classes: its minimum width from sm up */
  className: string
  children: ReactNode
}) {
  return (
    <div className="relative mt-6 overflow-x-auto rounded-lg border border-cream-300 bg-white shadow-sm">
      <table className={`block w-full text-left text-sm sm:table ${className}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="hidden border-b border-cream-300 bg-cream-100 text-xs uppercase tracking-wide text-ink-700 sm:table-header-group">
          <tr>
            {columns.map((column, index) => (
              <th
                key={column}
                scope="col"
                className={index === columns.length - 1 ? 'px-3 py-2 text-right' : 'px-3 py-2'}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block divide-y divide-cream-200 sm:table-row-group">{children}</tbody>
      </table>
    </div>
  )
}
