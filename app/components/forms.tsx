import { type FieldMetadata, getInputProps, getTextareaProps } from '@conform-to/react'
import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from 'react'

import { adminStyles } from './admin/adminStyles'
import { ErrorList as BareErrorList, type ErrorListProps } from './error-list'

/**
 * The form kit: labelled fields wired by conform. Each field's input carries
 * the name, id, starting value (the loaded record, or what a refused
 * submission sent back), `aria-invalid` and `aria-describedby` (its error, and
 * its hint when it has one), so every form announces errors the same way and
 * works without JavaScript: the server answers a refused form with the same
 * errors in the same places.
 */

// conform's metadata, whatever the field's value type: the kit only reads ids, names, errors and the initial value.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyField = FieldMetadata<any, any, string[]>

/** Admin screens are dense; the sign-in cards are roomier and keep a line for each error so nothing jumps. */
export type FormLook = 'admin' | 'auth'

const LOOKS = {
  admin: {
    field: 'min-w-0',
    labelRow: '',
    label: adminStyles.label,
    input: adminStyles.input,
    hint: adminStyles.hint,
    error: adminStyles.error,
    reserveErrorLine: false,
    formError: 'mb-3 rounded-md',
  },
  auth: {
    field: 'space-y-1.5',
    labelRow: 'flex items-baseline justify-between gap-4',
    label: 'text-sm font-semibold text-ink-900',
    input:
      'block w-full rounded-lg border border-ink-500 bg-white px-3 py-2.5 text-base text-ink-900 placeholder:text-ink-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 aria-invalid:border-danger-600',
    hint: 'text-sm text-ink-600',
    error: 'min-h-5 text-sm font-medium text-danger-700',
    reserveErrorLine: true,
    formError: 'mb-4 rounded-lg',
  },
} as const

/** The input class of a look, for inputs drawn outside the kit (a file picker, a select). */
export const inputClassFor = (look: FormLook) => LOOKS[look].input

/** A field's errors, drawn in the admin look unless a class is given (see ./error-list.tsx). */
export function ErrorList({ className = adminStyles.error, ...props }: ErrorListProps) {
  return <BareErrorList className={className} {...props} />
}

/** A form-level message (the server's refusal), announced when it appears. */
export function FormError({ id, errors, look = 'admin' }: { id: string; errors?: string[]; look?: FormLook }) {
  return (
    <div id={id} role="alert" aria-live="assertive">
      {errors && errors.length > 0 ? (
        <p
          className={`${LOOKS[look].formError} border border-danger-600 bg-danger-50 px-3 py-2 text-sm font-medium text-danger-700`}
        >
          {errors[0]}
        </p>
      ) : null}
    </div>
  )
}

interface FrameProps {
  field: AnyField
  label: ReactNode
  /** a line under the input, linked to it with aria-describedby */
  hint?: ReactNode
  /** the hint's id, when something else (a counter) refers to it; `${field.id}-hint` otherwise */
  hintId?: string
  /** beside the label, e.g. a "Forgot password?" link */
  labelAside?: ReactNode
  /** after the input, before the hint (a button beside it) */
  after?: ReactNode
  look?: FormLook
  className?: string
}

function FieldFrame({ children, ...frame }: FrameProps & { children: ReactNode }) {
  const { field } = frame
  const styles = LOOKS[frame.look ?? 'admin']
  const labelElement = (
    <label htmlFor={field.id} className={styles.label}>
      {frame.label}
    </label>
  )
  return (
    <div className={`${styles.field} ${frame.className ?? ''}`}>
      {frame.labelAside || styles.labelRow ? (
        <div className={styles.labelRow}>
          {labelElement}
          {frame.labelAside}
        </div>
      ) : (
        labelElement
      )}
      {children}
      {frame.after}
      {frame.hint ? (
        <p id={frame.hintId} className={styles.hint}>
          {frame.hint}
        </p>
      ) : null}
      <ErrorList id={field.errorId} errors={field.errors} className={styles.error} reserve={styles.reserveErrorLine} />
    </div>
  )
}

/** conform's props without `key`, which React refuses in a spread. */
export function withoutKey<T extends { key?: unknown }>(props: T): Omit<T, 'key'> {
  const { key: _key, ...rest } = props
  return rest
}

/** Splits a field's props into the frame's (label, hint, error) and the control's (everything else). */
function splitFrame<P extends FrameProps>({
  field,
  label,
  hint,
  hintId,
  labelAside,
  after,
  look = 'admin',
  className,
  ...control
}: P) {
  const describedBy = hint ? (hintId ?? `${field.id}-hint`) : undefined
  return {
    frame: { field, label, hint, hintId: describedBy, labelAside, after, look, className },
    control,
    describedBy,
  }
}

type InputType = 'text' | 'email' | 'password' | 'url' | 'tel' | 'number' | 'date' | 'datetime-local' | 'time'

/** A labelled input. Extra props (ref, onInput, maxLength, a computed defaultValue…) go to the input. */
export function Field({
  type = 'text',
  inputClassName = '',
  ...props
}: FrameProps & {
  type?: InputType
  inputClassName?: string
  ref?: Ref<HTMLInputElement>
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className' | 'name' | 'id'>) {
  const { frame, control, describedBy } = splitFrame(props)
  return (
    <FieldFrame {...frame}>
      <input
        {...withoutKey(getInputProps(frame.field, { type, ariaDescribedBy: describedBy }))}
        key={frame.field.key}
        autoComplete="off"
        spellCheck={type === 'text' ? undefined : false}
        {...control}
        className={`${LOOKS[frame.look].input} ${inputClassName}`}
      />
    </FieldFrame>
  )
}

/** A labelled textarea. Extra props go to the textarea. */
export function TextareaField({
  textareaClassName = '',
  ...props
}: FrameProps & {
  textareaClassName?: string
  ref?: Ref<HTMLTextAreaElement>
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className' | 'name' | 'id'>) {
  const { frame, control, describedBy } = splitFrame(props)
  return (
    <FieldFrame {...frame}>
      <textarea
        {...withoutKey(getTextareaProps(frame.field, { ariaDescribedBy: describedBy }))}
        key={frame.field.key}
        {...control}
        className={`${LOOKS[frame.look].input} ${textareaClassName}`}
      />
    </FieldFrame>
  )
}

/** A checkbox with its label after it (the form sends 'on' when it is ticked). */
export function CheckboxField({
  field,
  label,
  className = 'flex items-center gap-2',
}: {
  field: AnyField
  label: ReactNode
  className?: string
}) {
  return (
    <div className={className}>
      <input
        {...withoutKey(getInputProps(field, { type: 'checkbox' }))}
        className="h-5 w-5 rounded border-ink-500 accent-brand-800"
      />
      <label htmlFor={field.id} className="text-sm font-medium text-ink-900">
        {label}
      </label>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  )
}

/** A group of checkboxes sending every ticked value under one name (`category_ids=1&category_ids=4`). */
export function CheckboxGroup({
  legend,
  name,
  options,
  selected,
  empty,
}: {
  legend: string
  name: string
  options: { value: string | number; label: string }[]
  selected: ReadonlySet<string>
  /** shown instead of the boxes when there are none */
  empty: string
}) {
  return (
    <fieldset>
      <legend className={adminStyles.label}>{legend}</legend>
      {options.length === 0 ? (
        <p className={adminStyles.hint}>{empty}</p>
      ) : (
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {options.map((option) => (
            <label key={option.value} className="inline-flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name={name}
                value={option.value}
                defaultChecked={selected.has(String(option.value))}
                className="size-4 accent-brand-800"
              />
              {option.label}
            </label>
          ))}
        </div>
      )}
    </fieldset>
  )
}
