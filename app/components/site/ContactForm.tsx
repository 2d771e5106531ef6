import type { SubmissionResult } from '@conform-to/react'
import { type FocusEvent, type FormEvent, useCallback, useEffect, useRef, useState } from 'react'
import { Form, useNavigation } from 'react-router'

import { ErrorList } from '~/components/error-list'
import { CONTACT_TOPICS, HONEYPOT_FIELD } from '~/schemas/contact-fields'
import type { validateContact } from '~/schemas/contact-validate'

const inputClass =
  'w-full rounded-xl border border-cream-300 bg-white px-4 py-3 text-ink-900 shadow-sm placeholder:text-ink-500 aria-[invalid=true]:border-danger-600 aria-[invalid=true]:bg-danger-50'

const errorClass = 'min-h-0 text-sm font-medium text-danger-700'

const FIELD_NAMES = ['name', 'email', 'phone', 'topic', 'message'] as const
type FieldName = (typeof FIELD_NAMES)[number]
type Errors = Record<string, string[] | null | undefined>

/**
 * The contact form: a plain POST form that the server validates with the
 * schema (conform's parseWithZod). In the browser the same schema checks each
 * field on blur; it (and zod) loads when the visitor first reaches for the
 * form, so the page itself stays light. Until then the server checks.
 * After each answered send the page draws the form anew under a new key
 * (routes/contact.tsx), which is what empties it.
 */
export function ContactForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation()
  const sending = navigation.state === 'submitting' && navigation.formAction === '/contact'
  const formRef = useRef<HTMLFormElement>(null)
  const [validate, setValidate] = useState<typeof validateContact | null>(null)
  const loading = useRef(false)
  const [errors, setErrors] = useState<Errors>(() => lastResult?.error ?? {})
  const touched = useRef(new Set<string>())
  const initial = (lastResult?.initialValue ?? {}) as Record<string, unknown>

  // The server refused the form (the schema was not loaded yet, or a check only it makes):
  // focus the first field it named. Without JavaScript the page opens at the error summary instead.
  const serverFirstInvalid = FIELD_NAMES.find((name) => lastResult?.error?.[name]?.length)
  useEffect(() => {
    setErrors(lastResult?.error ?? {})
    touched.current = new Set()
    if (serverFirstInvalid) formRef.current?.querySelector<HTMLElement>(`[name="${serverFirstInvalid}"]`)?.focus()
  }, [lastResult, serverFirstInvalid])

  const loadValidator = useCallback(() => {
    if (loading.current) return
    loading.current = true
    import('~/schemas/contact-validate').then(
      (module) => setValidate(() => module.validateContact),
      () => (loading.current = false),
    )
  }, [])

  /** The schema's errors for the fields the visitor has already left. */
  const check = useCallback(
    (names: Iterable<string>): Errors | null => {
      if (!validate || !formRef.current) return null
      const submission = validate(new FormData(formRef.current))
      const found: Errors = submission.status === 'success' ? {} : (submission.error ?? {})
      const next: Errors = {}
      for (const name of names) next[name] = found[name] ?? undefined
      return next
    },
    [validate],
  )

  // Fields the visitor left before the schema arrived are checked as soon as it does.
  useEffect(() => {
    if (!validate || touched.current.size === 0) return
    const next = check(touched.current)
    if (next) setErrors((current) => ({ ...current, ...next }))
  }, [validate, check])

  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    const name = (event.target as unknown as HTMLInputElement).name
    if (!FIELD_NAMES.includes(name as FieldName)) return
    touched.current.add(name)
    const next = check([name])
    if (next) setErrors((current) => ({ ...current, ...next, '': undefined }))
  }

  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as unknown as HTMLInputElement).name
    if (!touched.current.has(name)) return
    const next = check([name])
    if (next) setErrors((current) => ({ ...current, ...next }))
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const next = check(FIELD_NAMES)
    if (!next) return // not loaded yet: the server checks
    FIELD_NAMES.forEach((name) => touched.current.add(name))
    setErrors(next)
    const firstInvalid = FIELD_NAMES.find((name) => next[name]?.length)
    if (firstInvalid) {
      event.preventDefault()
      formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus()
    }
  }

  const field = (name: FieldName) => ({
    id: `contact-form-${name}`,
    name,
    errorId: `contact-form-${name}-error`,
    errors: errors[name] ?? undefined,
    defaultValue: typeof initial[name] === 'string' ? (initial[name] as string) : '',
  })
  const fields = Object.fromEntries(FIELD_NAMES.map((name) => [name, field(name)])) as Record<
    FieldName,
    ReturnType<typeof field>
  >
  const formErrors = errors[''] ?? undefined
  const inputProps = (f: ReturnType<typeof field>) => ({
    id: f.id,
    name: f.name,
    defaultValue: f.defaultValue,
    'aria-invalid': f.errors ? true : undefined,
  })
  const fieldErrors = FIELD_NAMES.filter((name) => errors[name]?.length)

  const described = (field: { errorId: string; errors?: string[] }, hintId?: string) =>
    [hintId, field.errors ? field.errorId : undefined].filter(Boolean).join(' ') || undefined

  return (
    <Form
      method="post"
      // Without JavaScript the answer opens at the error summary, above the first field.
      action="/contact#contact-form-summary"
      id="contact-form"
      ref={formRef}
      noValidate
      aria-describedby={formErrors ? 'contact-form-error' : undefined}
      onFocus={loadValidator}
      onPointerEnter={loadValidator}
      onBlur={onBlur}
      onInput={onInput}
      onSubmit={onSubmit}
      className="grid gap-5"
    >
      {formErrors?.length ? (
        <div
          id="contact-form-error"
          role="alert"
          className="rounded-2xl border border-danger-600 bg-danger-50 px-4 py-3 font-semibold text-danger-700"
        >
          {formErrors.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
      ) : null}

      <div id="contact-form-summary" tabIndex={-1} className="scroll-mt-28">
        {serverFirstInvalid && fieldErrors.length ? (
          <div className="rounded-2xl border border-danger-600 bg-danger-50 px-4 py-3 text-danger-700">
            <h3 className="font-sans text-base font-semibold">
              Please correct {fieldErrors.length === 1 ? 'this field' : 'these fields'}:
            </h3>
            <ul className="mt-1 list-disc pl-5">
              {fieldErrors.map((name) => (
                <li key={name}>
                  <a href={`#${fields[name].id}`} className="font-medium underline underline-offset-2">
                    {errors[name]?.[0]}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <label htmlFor={fields.name.id} className="font-semibold text-ink-900">
            Name
          </label>
          <input
            {...inputProps(fields.name)}
            type="text"
            aria-describedby={described(fields.name)}
            aria-required="true"
            autoComplete="name"
            className={inputClass}
          />
          <ErrorList id={fields.name.errorId} errors={fields.name.errors} className={errorClass} reserve />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={fields.email.id} className="font-semibold text-ink-900">
            Email
          </label>
          <input
            {...inputProps(fields.email)}
            type="email"
            aria-describedby={described(fields.email)}
            aria-required="true"
            autoComplete="email"
            className={inputClass}
          />
          <ErrorList id={fields.email.errorId} errors={fields.email.errors} className={errorClass} reserve />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={fields.phone.id} className="font-semibold text-ink-900">
            Phone <span className="font-normal text-ink-600">(optional)</span>
          </label>
          <input
            {...inputProps(fields.phone)}
            type="tel"
            aria-describedby={described(fields.phone)}
            autoComplete="tel"
            className={inputClass}
          />
          <ErrorList id={fields.phone.errorId} errors={fields.phone.errors} className={errorClass} reserve />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={fields.topic.id} className="font-semibold text-ink-900">
            Topic
          </label>
          <select
            {...inputProps(fields.topic)}
            aria-describedby={described(fields.topic)}
            aria-required="true"
            className={`${inputClass} appearance-none bg-[length:1.25rem] bg-[right_1rem_center] bg-no-repeat pr-10`}
            style={{
              backgroundImage:
                "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 20 20' fill='%234f5a54'%3E%3Cpath d='M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z'/%3E%3C/svg%3E\")",
            }}
          >
            <option value="">Select a topic</option>
            {CONTACT_TOPICS.map((topic) => (
              <option key={topic.value} value={topic.value}>
                {topic.label}
              </option>
            ))}
          </select>
          <ErrorList id={fields.topic.errorId} errors={fields.topic.errors} className={errorClass} reserve />
        </div>
      </div>

      <div className="grid gap-1.5">
        <label htmlFor={fields.message.id} className="font-semibold text-ink-900">
          Message
        </label>
        <textarea
          {...inputProps(fields.message)}
          aria-describedby={described(fields.message, 'message-hint')}
          aria-required="true"
          rows={6}
          className={inputClass}
        />
        <p id="message-hint" className="text-sm text-ink-600">
          At least 10 characters. Please do not include medical records or card numbers.
        </p>
        <ErrorList id={fields.message.errorId} errors={fields.message.errors} className={errorClass} reserve />
      </div>

      {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="contact-company">Company (leave this empty)</label>
        <input
          id="contact-company"
          type="text"
          name={HONEYPOT_FIELD}
          defaultValue=""
          tabIndex={-1}
          autoComplete="off"
        />
      </div>

      <div>
        <button
          type="submit"
          disabled={sending}
          className="inline-flex items-center gap-2 rounded-full bg-brand-800 px-8 py-3.5 text-lg font-semibold text-cream-50 shadow-sm hover:bg-brand-700 disabled:cursor-wait disabled:opacity-70"
        >
          {sending ? 'Sending…' : 'Send Message'}
        </button>
      </div>
    </Form>
  )
}
