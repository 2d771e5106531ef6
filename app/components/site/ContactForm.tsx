import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useRef } from 'react'
import { Form, useNavigation } from 'react-router'
import { CONTACT_TOPICS, ContactSchema, HONEYPOT_FIELD } from '~/schemas/contact'

const inputClass =
  'w-full rounded-xl border border-cream-300 bg-white px-4 py-3 text-ink-900 shadow-sm placeholder:text-ink-500 aria-[invalid=true]:border-danger-600 aria-[invalid=true]:bg-danger-50'

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <p id={id} className="min-h-0 text-sm font-medium text-danger-700">
      {errors?.[0] ?? null}
    </p>
  )
}

/**
 * The contact form: a plain POST form that the server validates with the same
 * schema; with JavaScript conform validates each field on blur first.
 */
export function ContactForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation()
  const sending = navigation.state === 'submitting' && navigation.formAction === '/contact'
  const [form, fields] = useForm({
    id: 'contact-form',
    lastResult,
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: ContactSchema })
    },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })

  // A successful send redirects back here with no action data: empty the form.
  const wasSending = useRef(false)
  useEffect(() => {
    if (sending) wasSending.current = true
    else if (navigation.state === 'idle' && wasSending.current) {
      wasSending.current = false
      if (!lastResult) form.reset()
    }
  }, [sending, navigation.state, lastResult, form])

  const described = (field: { errorId: string; errors?: string[] }, hintId?: string) =>
    [hintId, field.errors ? field.errorId : undefined].filter(Boolean).join(' ') || undefined

  return (
    <Form method="post" action="/contact" {...getFormProps(form)} noValidate className="grid gap-5">
      {form.errors?.length ? (
        <div id={form.errorId} role="alert" className="rounded-2xl border border-danger-600 bg-danger-50 px-4 py-3 font-semibold text-danger-700">
          {form.errors.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
      ) : null}

      <div className="grid gap-5 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <label htmlFor={fields.name.id} className="font-semibold text-ink-900">
            Name
          </label>
          <input
            {...getInputProps(fields.name, { type: 'text' })}
            aria-describedby={described(fields.name)}
            aria-required="true"
            autoComplete="name"
            className={inputClass}
          />
          <FieldError id={fields.name.errorId} errors={fields.name.errors} />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={fields.email.id} className="font-semibold text-ink-900">
            Email
          </label>
          <input
            {...getInputProps(fields.email, { type: 'email' })}
            aria-describedby={described(fields.email)}
            aria-required="true"
            autoComplete="email"
            className={inputClass}
          />
          <FieldError id={fields.email.errorId} errors={fields.email.errors} />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={fields.phone.id} className="font-semibold text-ink-900">
            Phone <span className="font-normal text-ink-600">(optional)</span>
          </label>
          <input
            {...getInputProps(fields.phone, { type: 'tel' })}
            aria-describedby={described(fields.phone)}
            autoComplete="tel"
            className={inputClass}
          />
          <FieldError id={fields.phone.errorId} errors={fields.phone.errors} />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={fields.topic.id} className="font-semibold text-ink-900">
            Topic
          </label>
          <select
            {...getSelectProps(fields.topic)}
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
          <FieldError id={fields.topic.errorId} errors={fields.topic.errors} />
        </div>
      </div>

      <div className="grid gap-1.5">
        <label htmlFor={fields.message.id} className="font-semibold text-ink-900">
          Message
        </label>
        <textarea
          {...getTextareaProps(fields.message)}
          aria-describedby={described(fields.message, 'message-hint')}
          aria-required="true"
          rows={6}
          className={inputClass}
        />
        <p id="message-hint" className="text-sm text-ink-600">
          At least 10 characters. Please do not include medical records or card numbers.
        </p>
        <FieldError id={fields.message.errorId} errors={fields.message.errors} />
      </div>

      {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="contact-company">Company (leave this empty)</label>
        <input id="contact-company" type="text" name={HONEYPOT_FIELD} defaultValue="" tabIndex={-1} autoComplete="off" />
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
