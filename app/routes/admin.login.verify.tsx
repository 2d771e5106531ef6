import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect, useNavigation } from 'react-router'

import { logAccountEvent } from '~/auth/account-events.server'
import { recordFailedSecondFactor, refusedResponse, secondFactorRefusal } from '~/auth/attempt-limits.server'
import { clientAddress } from '~/auth/rate-limit.server'
import { clearChallenge, readChallenge } from '~/auth/second-factor-challenge.server'
import { endSession, getCurrentUser, sessionOrigin, startSession } from '~/auth/session.server'
import { AuthCard, primaryButtonClass } from '~/components/admin/AuthCard'
import { Field, FormError } from '~/components/forms'
import { readFormData, withinFieldLimits } from '~/http/form-data.server'
import { redirectWithToast } from '~/http/toast.server'
import { adminMeta } from '~/lib/admin-meta'
import { checkSecondFactorCode } from '~/models/second-factor.server'
import { getSessionUser } from '~/models/users.server'
import { SecondFactorSchema } from '~/schemas/staff'

import type { Route } from './+types/admin.login.verify'

export const meta: Route.MetaFunction = () => adminMeta('Enter Your Code')

export const WRONG_CODE_MESSAGE = 'That code is not right. Check your app, or use one of your recovery codes.'

/** The second step of signing in: only with the cookie a correct password left (10 minutes). */
export async function loader({ request }: Route.LoaderArgs) {
  const { user, headers } = await getCurrentUser(request)
  if (user) throw redirect(user.role ? '/admin' : '/', { headers })
  if (!(await readChallenge(request))) {
    throw await redirectWithToast('/admin/login', {
      type: 'error',
      title: 'Please sign in again',
      description: 'The code must be entered within 10 minutes of your password.',
    })
  }
  return data(null, { headers })
}

export async function action({ request, context }: Route.ActionArgs) {
  const challenge = await readChallenge(request)
  const startOver = async () =>
    redirectWithToast(
      '/admin/login',
      {
        type: 'error',
        title: 'Please sign in again',
        description: 'The code must be entered within 10 minutes of your password.',
      },
      { headers: { 'Set-Cookie': await clearChallenge() } },
    )
  if (!challenge) return startOver()
  const formData = await readFormData(request)
  const submission = parseWithZod(formData, { schema: SecondFactorSchema })
  const reply = (formErrors?: string[]) =>
    withinFieldLimits(
      submission.reply({ hideFields: ['code'], ...(formErrors ? { formErrors } : {}) }),
      SecondFactorSchema,
    )
  const address = clientAddress(request, context)
  const user = await getSessionUser(challenge.userId)
  if (!user || user.deactivated_at !== null || !user.hasSecondFactor) return startOver()
  const account = `user:${user.id}`

  const locked = await secondFactorRefusal(address, account)
  if (locked) {
    logAccountEvent('second-factor-refused', { account: user.email, address })
    return refusedResponse({ result: reply([locked.message]) }, locked)
  }
  if (submission.status !== 'success') return data({ result: reply() }, 400)

  const check = await checkSecondFactorCode(user.id, submission.value.code)
  if (!check.ok) {
    const nowLocked = await recordFailedSecondFactor(address, account)
    logAccountEvent('second-factor-failed', { account: user.email, address })
    if (nowLocked) return refusedResponse({ result: reply([nowLocked.message]) }, nowLocked)
    return data({ result: reply([WRONG_CODE_MESSAGE]) }, 401)
  }

  logAccountEvent('sign-in', { account: user.email, address, with: check.method })
  await endSession(request)
  const headers = new Headers()
  headers.append('Set-Cookie', await startSession(user.id, sessionOrigin(request, context)))
  headers.append('Set-Cookie', await clearChallenge())
  return redirectWithToast(
    challenge.redirectTo,
    check.method === 'recovery'
      ? {
          title: 'Logged in successfully!',
          description:
            check.left === 0
              ? 'That was your last recovery code. Make new ones on your account page now.'
              : `You have ${check.left} recovery code${check.left === 1 ? '' : 's'} left.`,
        }
      : { title: 'Logged in successfully!' },
    { headers },
  )
}

export default function VerifySecondFactor({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formAction?.startsWith('/admin/login/verify') === true
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SecondFactorSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })

  return (
    <AuthCard
      title="Enter your code"
      intro="Open your authenticator app and enter the 6-digit code it shows for this site."
      footer={
        <Link to="/admin/login" className="font-medium text-brand-700 underline-offset-2 hover:underline">
          ← Sign in as someone else
        </Link>
      }
    >
      <Form method="post" {...getFormProps(form)} className="space-y-3">
        <FormError id={form.errorId} errors={form.errors} look="auth" />
        <Field
          field={fields.code}
          label="Code"
          look="auth"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          inputClassName="font-mono tracking-widest"
        />
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? 'Checking…' : 'Verify'}
        </button>
      </Form>
      <p className="mt-4 text-sm text-ink-600">
        Lost your phone? Enter one of your recovery codes instead (each works once). Without them, an admin can reset
        your second factor from the server.
      </p>
    </AuthCard>
  )
}
