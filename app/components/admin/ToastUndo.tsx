import { Form } from 'react-router'

import { setToastUndoButton } from '~/components/ui/Toaster'
import { RESTORE_ACTION, type TrashKind } from '~/lib/trash'

/** A toast's Undo: a real form, so without JavaScript it posts and the answer is the list with the record back. */
function ToastUndo({ kind, id }: { kind: TrashKind; id: number }) {
  return (
    <Form method="post" action={RESTORE_ACTION} className="shrink-0">
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="back" value="list" />
      <button
        type="submit"
        className="rounded-md border border-brand-700 px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        Undo
      </button>
    </Form>
  )
}

/** Called by the admin layout's module: from then on, toasts that offer Undo show this button. */
export function enableToastUndo() {
  setToastUndoButton((undo) => <ToastUndo {...undo} />)
}
