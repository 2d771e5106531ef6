import { useRef } from 'react'
import { Form, Link } from 'react-router'

import { adminStyles } from './adminStyles'

export const DELETE_POST_TITLE = 'Are you sure?'
export const DELETE_POST_DESCRIPTION = 'This action cannot be undone. This will permanently delete the blog post.'

/**
 * A Delete control: without JavaScript a link to a confirmation page
 * (`confirmHref`); with it, an alert dialog (native <dialog>) whose Cancel
 * button has the focus and whose red Delete button posts to `action`.
 */
export function ConfirmDeleteDialog({
  action,
  confirmHref,
  triggerLabel,
  title = DELETE_POST_TITLE,
  description = DELETE_POST_DESCRIPTION,
  subject,
}: {
  action: string
  confirmHref: string
  /** Accessible name of the trigger, e.g. "Delete My post" */
  triggerLabel: string
  title?: string
  description?: string
  /** What is deleted, named in the dialog, e.g. { kind: 'Post', name: 'Curbside pickup is here' } */
  subject?: { kind: string; name: string }
}) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const triggerRef = useRef<HTMLAnchorElement>(null)
  const titleId = useRef(`delete-title-${Math.random().toString(36).slice(2)}`).current

  return (
    <>
      <Link
        ref={triggerRef}
        to={confirmHref}
        aria-label={triggerLabel}
        className={adminStyles.dangerLink}
        onClick={(event) => {
          if (!dialogRef.current?.showModal) return
          event.preventDefault()
          dialogRef.current.showModal()
        }}
      >
        Delete
      </Link>
      <dialog
        ref={dialogRef}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={subject ? `${titleId}-subject ${titleId}-desc` : `${titleId}-desc`}
        onClose={() => triggerRef.current?.focus()}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg border border-cream-300 bg-white p-6 text-ink-900 shadow-xl backdrop:bg-ink-900/50"
      >
        <h2 id={titleId} className={adminStyles.h2}>
          {title}
        </h2>
        {subject ? (
          <p id={`${titleId}-subject`} className="mt-2 text-ink-900">
            {subject.kind}: <strong className="break-words">{subject.name}</strong>
          </p>
        ) : null}
        <p id={`${titleId}-desc`} className="mt-2 text-sm text-ink-700">
          {description}
        </p>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {/* Cancel is the default: it is first in focus order and takes the focus when the dialog opens. */}
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- in a modal dialog, autofocus is how the opener chooses the first focus */}
          <button type="button" autoFocus className={adminStyles.secondary} onClick={() => dialogRef.current?.close()}>
            Cancel
          </button>
          <Form method="post" action={action} onSubmit={() => dialogRef.current?.close()}>
            <button type="submit" className={`${adminStyles.danger} w-full`}>
              Delete
            </button>
          </Form>
        </div>
      </dialog>
    </>
  )
}
