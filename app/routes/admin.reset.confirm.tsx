import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, useNavigation } from 'react-router'

import { logAccountEvent, queuePasswordChangedMail } from '~/auth/account-events.server'
import { AuthCard, LinkProblem, NewPasswordFields, primaryButtonClass, useAuthForm } from '~/components/admin/AuthCard'
import { FormError } from '~/components/forms'
import { readFormData, withinFieldLimits } from '~/http/form-data.server'
import { redirectWithToast } from '~/http/toast.server'
import { adminMeta } from '~/lib/admin-meta'
import { checkPasswordResetToken, resetPasswordWithToken, type ResetTokenState } from '~/models/password-reset.server'
import { getUserById } from '~/models/users.server'
import { NewPasswordSchema } from '~/schemas/auth'

import type { Route } from './+types/admin.reset.confirm'

export const meta: Route.MetaFunction = () => adminMeta('Choose a New Password')

type TokenProblem = Exclude<ResetTokenState['status'], 'valid'>

const PROBLEMS: Record<TokenProblem, { title: string; text: string }> = {
  missing: {
    title: 'This reset link is not valid',
    text: 'The link is incomplete or was never issued. Copy the whole link from the email, or ask for a new one.',
  },
  expired: {
    title: 'This reset link has expired',
    text: 'Reset links work for 60 minutes. Ask for a new one and use it within the hour.',
  },
  used: {
    title: 'This reset link has already been used',
    text: 'Each reset link works once. If you still need to change your password, ask for a new link.',
  },
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token')
  const state = await checkPasswordResetToken(token)
  return { token: state.status === 'valid' ? token : null, problem: state.status === 'valid' ? null : state.status }
}

/**
 * On success every session of the user is revoked, the owner is emailed that
 * the password changed, and the browser goes to /login.
 */
export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: NewPasswordSchema })
  if (submission.status !== 'success') {
    return data(
      {
        result: withinFieldLimits(submission.reply({ hideFields: ['password', 'confirmPassword'] }), NewPasswordSchema),
        problem: null,
      },
      400,
    )
  }
  try {
    const state = await resetPasswordWithToken(submission.value.token, submission.value.password)
    if (state.status !== 'valid') {
      return data(
        {
          result: withinFieldLimits(
            submission.reply({ formErrors: [PROBLEMS[state.status].title] }),
            NewPasswordSchema,
          ),
          problem: state.status,
        },
        400,
      )
    }
    const user = await getUserById(state.userId)
    if (user) {
      logAccountEvent('password-changed', { account: user.email, how: 'reset link' })
      // The password is changed either way; a notice that cannot be queued is only logged.
      await queuePasswordChangedMail(user.email, 'reset link').catch((error: unknown) =>
        console.error('Could not queue the password-changed notice', error),
      )
    }
  } catch (error) {
    console.error('Could not update a password', error)
    return data(
      {
        result: withinFieldLimits(
          submission.reply({
            formErrors: ['Failed to update password'],
            hideFields: ['password', 'confirmPassword'],
          }),
          NewPasswordSchema,
        ),
        problem: null,
      },
      500,
    )
  }
  return redirectWithToast('/login', { title: 'Password updated successfully!' })
}

export default function AdminResetConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const problem = actionData?.problem ?? loaderData.problem
  const [form, fields] = useAuthForm(NewPasswordSchema, actionData?.result)

  if (problem) {
    const { title, text } = PROBLEMS[problem]
    return (
      <LinkProblem title={title} text={text}>
        <div className="mt-6 grid gap-3 sm:grid-cols-2">
          <Link to="/admin/reset" className={primaryButtonClass}>
            Request a new link
          </Link>
          <Link
            to="/admin/login"
            className="inline-flex items-center justify-center rounded-lg border border-ink-500 bg-white px-4 py-2.5 font-semibold text-ink-900 hover:bg-cream-100"
          >
            Back to login
          </Link>
        </div>
      </LinkProblem>
    )
  }

  return (
    <AuthCard title="Choose a new password" intro="Use at least 6 characters. Signing in elsewhere ends when you save.">
      <Form method="post" {...getFormProps(form)} className="space-y-3">
        <FormError id={form.errorId} errors={form.errors} look="auth" />
        <input type="hidden" name="token" value={loaderData.token ?? ''} />
        <NewPasswordFields
          password={fields.password}
          confirm={fields.confirmPassword}
          labels={['New password', 'Confirm new password']}
        />
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? 'Saving…' : 'Update Password'}
        </button>
      </Form>
    </AuthCard>
  )
}
