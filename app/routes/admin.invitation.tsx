import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, useNavigation } from 'react-router'

import { logAccountEvent } from '~/auth/account-events.server'
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '~/auth/permissions'
import { clientAddress } from '~/auth/rate-limit.server'
import { endSession, sessionOrigin, startSession } from '~/auth/session.server'
import { AuthCard, LinkProblem, NewPasswordFields, primaryButtonClass, useAuthForm } from '~/components/admin/AuthCard'
import { Field, FormError, inputClassFor } from '~/components/forms'
import { readFormData, withinFieldLimits } from '~/http/form-data.server'
import { redirectWithToast } from '~/http/toast.server'
import { adminMeta } from '~/lib/admin-meta'
import { acceptInvitation, type AcceptResult, checkInvitation } from '~/models/invitations.server'
import { AcceptInvitationSchema } from '~/schemas/staff'

import type { Route } from './+types/admin.invitation'

export const meta: Route.MetaFunction = () => adminMeta('Join the Staff')

type Problem = Exclude<AcceptResult['status'], 'valid'>

const PROBLEMS: Record<Problem, { title: string; text: string }> = {
  missing: {
    title: 'This invitation link is not valid',
    text: 'The link is incomplete, or a newer invitation replaced it. Copy the whole link from the latest email, or ask the admin who invited you to send it again.',
  },
  expired: {
    title: 'This invitation has expired',
    text: 'Invitations work for 7 days. Ask the admin who invited you to send it again.',
  },
  used: {
    title: 'This invitation has already been used',
    text: 'Each invitation works once. Sign in with the email and password you chose.',
  },
  revoked: {
    title: 'This invitation was withdrawn',
    text: 'An admin revoked it. Ask them if you should still join.',
  },
  taken: {
    title: 'There is already an account for this email',
    text: 'Sign in with it, or reset its password from the sign-in page.',
  },
}

/** The link from an invitation email: choose a name and a password, and the account exists. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token')
  const state = await checkInvitation(token)
  if (state.status !== 'valid') return { token: null, email: null, role: null, problem: state.status as Problem }
  return { token, email: state.invitation.email, role: state.invitation.role, problem: null }
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: AcceptInvitationSchema })
  const hidden = { hideFields: ['password', 'confirmPassword'] }
  if (submission.status !== 'success') {
    return data({ result: withinFieldLimits(submission.reply(hidden), AcceptInvitationSchema), problem: null }, 400)
  }
  const accepted = await acceptInvitation(submission.value.token, {
    name: submission.value.name,
    password: submission.value.password,
  })
  if (accepted.status !== 'valid') {
    return data(
      {
        result: withinFieldLimits(
          submission.reply({ ...hidden, formErrors: [PROBLEMS[accepted.status].title] }),
          AcceptInvitationSchema,
        ),
        problem: accepted.status,
      },
      400,
    )
  }
  logAccountEvent('invitation-accepted', { account: accepted.user.email, address: clientAddress(request, context) })
  // Signed in as the new account (a session this browser had ends).
  await endSession(request)
  const cookie = await startSession(accepted.user.id, sessionOrigin(request, context))
  return redirectWithToast(
    '/admin',
    { title: `Welcome, ${submission.value.name}!`, description: 'Your staff account is ready.' },
    { headers: { 'Set-Cookie': cookie } },
  )
}

export default function AcceptInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const problem = actionData?.problem ?? loaderData.problem
  const [form, fields] = useAuthForm(AcceptInvitationSchema, actionData?.result)

  if (problem || !loaderData.email || !loaderData.role) {
    const { title, text } = PROBLEMS[problem ?? 'missing']
    return <LinkProblem title={title} text={text} />
  }

  return (
    <AuthCard
      title="Join the staff"
      intro={
        <>
          You were invited as <strong>{ROLE_LABELS[loaderData.role]}</strong> (
          {ROLE_DESCRIPTIONS[loaderData.role].toLowerCase()}). Choose your name and a password to finish.
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} className="space-y-3">
        <FormError id={form.errorId} errors={form.errors} look="auth" />
        <input type="hidden" name="token" value={loaderData.token ?? ''} />
        <div className="space-y-1.5">
          <label htmlFor="invitation-email" className="text-sm font-semibold text-ink-900">
            Email
          </label>
          <input
            id="invitation-email"
            type="email"
            value={loaderData.email}
            readOnly
            autoComplete="username"
            className={`${inputClassFor('auth')} bg-cream-100`}
          />
          <p className="min-h-5 text-sm text-ink-600">You sign in with this address.</p>
        </div>
        <Field field={fields.name} label="Your name" look="auth" autoComplete="name" />
        <NewPasswordFields password={fields.password} confirm={fields.confirmPassword} />
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? 'Creating your account…' : 'Create my account'}
        </button>
      </Form>
    </AuthCard>
  )
}
