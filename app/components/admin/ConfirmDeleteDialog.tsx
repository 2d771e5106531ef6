import { useId, useRef } from 'react'
import { Form, Link } from 'react-router'

import { RECORD_LISTS, type RecordKind } from '~/lib/record-lists'

import { adminStyles } from './adminStyles'

/** What the confirmation asks before a record of one kind is deleted. */
export interface DeleteQuestion {
  /** names the record in the question: "Post: Curbside pickup is here" */
  kind: string
  title: string
  description: string
}

/** The question asked before a record of one of the admin lists is deleted. */
export function deleteQuestionFor(kind: RecordKind): DeleteQuestion {
  return { kind: RECORD_LISTS[kind].noun, ...RECORD_LISTS[kind].deleteQuestion }
}

/** The question, the record it names and what follows, as a heading and two paragraphs. */
function QuestionText({ question, name, id, heading: Heading }: QuestionProps & { heading: 'h1' | 'h2' }) {
  return (
    <>
      <Heading id={`${id}-title`} className={Heading === 'h1' ? adminStyles.h1 : adminStyles.h2}>
        {question.title}
      </Heading>
      <p id={`${id}-subject`} className="mt-2 text-ink-900">
        {question.kind}: <strong className="break-words">{name}</strong>
      </p>
      <p id={`${id}-desc`} className="mt-2 text-sm text-ink-700">
        {question.description}
      </p>
    </>
  )
}

interface QuestionProps {
  question: DeleteQuestion
  /** the record's name (a post's title, a brand's name) */
  name: string
  id: string
}

function questionLabels(id: string) {
  return { 'aria-labelledby': `${id}-title`, 'aria-describedby': `${id}-subject ${id}-desc` }
}

function DeleteButton({ action, onSubmit }: { action?: string; onSubmit?: () => void }) {
  return (
    <Form method="post" action={action} onSubmit={onSubmit}>
      <button type="submit" className={`${adminStyles.danger} w-full`}>
        Delete
      </button>
    </Form>
  )
}

/**
 * A list row's Delete control. `href` is the record's delete route: without
 * JavaScript the link opens its confirmation page; with it, an alert dialog
 * (native <dialog>) whose Cancel button has the focus and whose red Delete
 * button posts to the same address.
 */
export function ConfirmDeleteDialog({
  href,
  question,
  name,
  className = adminStyles.dangerLink,
}: {
  href: string
  question: DeleteQuestion
  name: string
  /** the trigger link's classes */
  className?: string
}) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const triggerRef = useRef<HTMLAnchorElement>(null)
  const id = `delete-${useId().replace(/[^\w-]/g, '')}`

  return (
    <>
      <Link
        ref={triggerRef}
        to={href}
        aria-label={`Delete ${name}`}
        className={className}
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
        {...questionLabels(id)}
        onClose={() => triggerRef.current?.focus()}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg border border-cream-300 bg-white p-6 text-ink-900 shadow-xl backdrop:bg-ink-900/50"
      >
        <QuestionText question={question} name={name} id={id} heading="h2" />
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {/* Cancel is the default: it is first in focus order and takes the focus when the dialog opens. */}
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- in a modal dialog, autofocus is how the opener chooses the first focus */}
          <button type="button" autoFocus className={adminStyles.secondary} onClick={() => dialogRef.current?.close()}>
            Cancel
          </button>
          <DeleteButton action={href} onSubmit={() => dialogRef.current?.close()} />
        </div>
      </dialog>
    </>
  )
}

/** The delete route's own page: the same question as the dialog, for a browser without JavaScript. */
export function ConfirmDeletePage({
  question,
  name,
  cancelTo,
}: {
  question: DeleteQuestion
  name: string
  /** the list the Cancel link goes back to */
  cancelTo: string
}) {
  return (
    <main className={adminStyles.page}>
      <section role="alertdialog" {...questionLabels('delete')} className={`${adminStyles.card} mx-auto max-w-lg`}>
        <QuestionText question={question} name={name} id="delete" heading="h1" />
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {/* The page exists only to confirm one deletion: focus starts on the safe answer. */}
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the page is the confirmation dialog without JavaScript */}
          <Link to={cancelTo} className={adminStyles.secondary} autoFocus>
            Cancel
          </Link>
          <DeleteButton />
        </div>
      </section>
    </main>
  )
}
