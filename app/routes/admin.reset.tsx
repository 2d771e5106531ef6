import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, useNavigation } from 'react-router'

import { logAccountEvent } from '~/auth/account-events.server'
import { recordResetRequest, refusedResponse, resetAddressRefusal } from '~/auth/attempt-limits.server'
import { clientAddress } from '~/auth/rate-limit.server'
import { AuthCard, AuthEmailField, primaryButtonClass, useAuthForm } from '~/components/admin/AuthCard'
import { FormError } from '~/components/forms'
import { readFormData, withinFieldLimits } from '~/http/form-data.server'
import { adminMeta } from '~/lib/admin-meta'
import { queuePasswordResetMail } from '~/models/mail-delivery.server'
import { normalizeEmail, ResetRequestSchema } from '~/schemas/auth'

import type { Route } from './+types/admin.reset'

export const meta: Route.MetaFunction = () => adminMeta('Reset Password')

const SENT_MESSAGE = 'Check your email for the reset link!'

/**
 * The same page, status and work whether or not the address has an account
 * and whether or not the mail server is up: the request is queued, and the
 * sender finds out whether there is anyone to email.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: ResetRequestSchema })
  const address = clientAddress(request, context)
  const locked = await resetAddressRefusal(address)
  if (locked)
    return refusedResponse(
      {
        result: withinFieldLimits(submission.reply({ formErrors: [locked.message] }), ResetRequestSchema),
        sent: false as const,
      },
      locked,
    )
  if (submission.status !== 'success')
    return data({ result: withinFieldLimits(submission.reply(), ResetRequestSchema), sent: false as const }, 400)

  const account = normalizeEmail(submission.value.email)
  const counted = await recordResetRequest(address, account)
  if (counted.refused)
    return refusedResponse(
      {
        result: withinFieldLimits(submission.reply({ formErrors: [counted.refused.message] }), ResetRequestSchema),
        sent: false as const,
      },
      counted.refused,
    )
  // The log says what happened to the email: queued, or not sent and why.
  const logRequest = (email: string) => logAccountEvent('password-reset-requested', { account, address, email })
  try {
    if (counted.mayEmail) await queuePasswordResetMail(submission.value.email)
    logRequest(counted.mayEmail ? 'queued' : 'not sent: over the limit for this address or account')
  } catch (error) {
    logRequest('not sent: the mail queue refused it')
    console.error('Could not queue a password reset link', error)
    return data(
      {
        result: withinFieldLimits(submission.reply({ formErrors: ['Failed to send reset link'] }), ResetRequestSchema),
        sent: false as const,
      },
      500,
    )
  }
  return { result: withinFieldLimits(submission.reply({ resetForm: true }), ResetRequestSchema), sent: true as const }
}

const backToLogin = (
  <Link to="/admin/login" className="font-medium text-brand-700 underline-offset-2 hover:underline">
    Back to login
  </Link>
)

export default function AdminReset({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formAction === '/admin/reset'
  const [form, fields] = useAuthForm(ResetRequestSchema, actionData?.result)

  if (actionData?.sent) {
    return (
      <AuthCard title="Check your email">
        <div role="status" className="rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-brand-900">
          <p className="font-semibold">{SENT_MESSAGE}</p>
          <p className="mt-1 text-sm text-ink-700">
            If the address belongs to a staff account, a link to choose a new password is on its way. It works for 60
            minutes, once.
          </p>
        </div>
        <div className="mt-6 grid gap-3 sm:grid-cols-2">
          <Link
            to="/admin/reset"
            className="inline-flex items-center justify-center rounded-lg border border-ink-500 bg-white px-4 py-2.5 font-semibold text-ink-900 hover:bg-cream-100"
          >
            Use Different Email
          </Link>
          <Link to="/admin/login" className={primaryButtonClass}>
            Back to login
          </Link>
        </div>
      </AuthCard>
    )
  }

  return (
    <AuthCard
      title="Reset your password"
      intro="Enter the email of your staff account and we will send you a link to choose a new password."
      footer={backToLogin}
    >
      <Form method="post" {...getFormProps(form)} className="space-y-3">
        <FormError id={form.errorId} errors={form.errors} look="auth" />
        <AuthEmailField field={fields.email} />
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? 'Sending…' : 'Send Reset Link'}
        </button>
      </Form>
    </AuthCard>
  )
}
