import { getInputProps, type FieldMetadata } from '@conform-to/react'
import { adminStyles } from './adminStyles'
import type { ReactNode } from 'react'

/**
 * A labelled input of an admin form, wired by conform: its error under it
 * (announced through aria-describedby) and an optional hint.
 */
export function AdminField({
  field,
  label,
  type = 'text',
  hint,
  autoComplete,
  inputMode,
  className = '',
  inputClassName = '',
  children,
}: {
  field: FieldMetadata<string | undefined>
  label: string
  type?: 'text' | 'email' | 'password'
  hint?: ReactNode
  autoComplete?: string
  inputMode?: 'numeric' | 'email' | 'text'
  className?: string
  inputClassName?: string
  /** extra content after the input (e.g. a button beside it) */
  children?: ReactNode
}) {
  const hintId = hint ? `${field.id}-hint` : undefined
  const props = getInputProps(field, { type, ariaDescribedBy: hintId })
  return (
    <div className={`min-w-0 ${className}`}>
      <label htmlFor={field.id} className={adminStyles.label}>
        {label}
      </label>
      <input
        {...props}
        key={props.key}
        autoComplete={autoComplete ?? 'off'}
        inputMode={inputMode}
        spellCheck={type === 'text' ? undefined : false}
        className={`${adminStyles.input} ${inputClassName}`}
      />
      {children}
      {hint ? (
        <p id={hintId} className={adminStyles.hint}>
          {hint}
        </p>
      ) : null}
      <p id={field.errorId} className={adminStyles.error}>
        {field.errors?.[0]}
      </p>
    </div>
  )
}

/** A form-level message (the server's refusal), announced when it appears. */
export function AdminFormError({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <div id={id} role="alert" aria-live="assertive">
      {errors && errors.length > 0 ? (
        <p className="mb-3 rounded-md border border-danger-600 bg-danger-50 px-3 py-2 text-sm font-medium text-danger-700">
          {errors[0]}
        </p>
      ) : null}
    </div>
  )
}
