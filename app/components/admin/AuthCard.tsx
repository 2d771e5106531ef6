import { type SubmissionResult, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { z } from 'zod'

import { type AnyField, Field } from '~/components/forms'
import { useSettings } from '~/root-data'

/** The centred card of the staff sign-in and password reset pages. */
export function AuthCard({
  title,
  intro,
  children,
  footer,
}: {
  title: string
  intro?: ReactNode
  children: ReactNode
  footer?: ReactNode
}) {
  const brand = useSettings().brand_name
  return (
    <main className="flex min-h-dvh flex-col items-center bg-cream-100 px-4 py-10 sm:justify-center sm:py-16">
      <div className="w-full max-w-md">
        <Link to="/" className="mb-6 flex items-center justify-center gap-3 text-brand-800 hover:text-brand-700">
          <img src="/images/logo.svg" alt="" width={44} height={44} className="h-11 w-11" />
          <span className="font-display text-xl font-semibold">{brand}</span>
        </Link>
        <section
          className="rounded-2xl border border-cream-200 bg-white p-6 shadow-sm sm:p-8"
          aria-labelledby="auth-title"
        >
          <p className="text-xs font-semibold tracking-wider text-brand-700 uppercase">Staff area</p>
          <h1 id="auth-title" className="mt-1 text-2xl font-semibold text-ink-900">
            {title}
          </h1>
          {intro ? <div className="mt-2 text-sm text-ink-600">{intro}</div> : null}
          <div className="mt-6">{children}</div>
        </section>
        {footer ? <div className="mt-6 text-center text-sm text-ink-600">{footer}</div> : null}
      </div>
    </main>
  )
}

export const primaryButtonClass =
  'inline-flex w-full items-center justify-center rounded-lg bg-brand-800 px-4 py-2.5 font-semibold text-cream-50 hover:bg-brand-700 disabled:cursor-progress disabled:opacity-80'

/** The email box of the sign-in cards: the account's address, filled by password managers. */
export function AuthEmailField({ field }: { field: AnyField }) {
  return (
    <Field
      field={field}
      label="Email"
      look="auth"
      type="email"
      autoComplete="username"
      inputMode="email"
      spellCheck={false}
    />
  )
}

/**
 * The conform form of a sign-in card: checked with its schema when a field is
 * left, then as the person types; the server's answer comes back in `lastResult`.
 */
export function useAuthForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: Schema,
  lastResult: SubmissionResult<string[]> | null | undefined,
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
}

/** A new password typed twice (first admin, invitation, reset link). */
export function NewPasswordFields({
  password,
  confirm,
  labels = ['Password', 'Confirm password'],
}: {
  password: AnyField
  confirm: AnyField
  labels?: [string, string]
}) {
  return (
    <>
      <Field field={password} label={labels[0]} look="auth" type="password" autoComplete="new-password" />
      <Field field={confirm} label={labels[1]} look="auth" type="password" autoComplete="new-password" />
    </>
  )
}

/** A one-time link that cannot be used (unknown, expired, used): what happened, and the way on. */
export function LinkProblem({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <AuthCard title={title}>
      <p role="alert" className="text-ink-700">
        {text}
      </p>
      {children ?? (
        <div className="mt-6">
          <Link to="/admin/login" className={primaryButtonClass}>
            Go to sign in
          </Link>
        </div>
      )}
    </AuthCard>
  )
}
