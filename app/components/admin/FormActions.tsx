import { Link } from 'react-router'

import { adminStyles } from './adminStyles'

/**
 * The Cancel and Save row of an admin form: Cancel closes the dialog (with
 * JavaScript) or goes back to the list (on the form's own page).
 */
export function FormActions({
  submitLabel,
  busy,
  onCancel,
  cancelHref,
}: {
  submitLabel: string
  busy: boolean
  onCancel?: () => void
  cancelHref: string
}) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
      {onCancel ? (
        <button type="button" className={adminStyles.secondary} onClick={onCancel}>
          Cancel
        </button>
      ) : (
        <Link to={cancelHref} className={adminStyles.secondary}>
          Cancel
        </Link>
      )}
      <button type="submit" className={adminStyles.primary} disabled={busy}>
        {busy ? 'Saving…' : submitLabel}
      </button>
    </div>
  )
}
