import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect, useNavigation } from 'react-router'

import { logAccountEvent } from '~/auth/account-events.server'
import { loginRefusal, recordFailedLogin, recordSuccessfulLogin, refusedResponse } from '~/auth/attempt-limits.server'
import { AccountDeactivatedError, authenticator, InvalidCredentialsError } from '~/auth/authenticator.server'
import { clientAddress } from '~/auth/rate-limit.server'
import { safeRedirectTo } from '~/auth/redirect-to'
import { clearChallenge, startChallenge } from '~/auth/second-factor-challenge.server'
import { endSession, getCurrentUser, sessionOrigin, startSession } from '~/auth/session.server'
import { AuthCard, AuthEmailField, primaryButtonClass, useAuthForm } from '~/components/admin/AuthCard'
import { Field, FormError } from '~/components/forms'
import { readFormData, withinFieldLimits } from '~/http/form-data.server'
import { redirectWithToast } from '~/http/toast.server'
import { adminMeta } from '~/lib/admin-meta'
import { hasSecondFactor } from '~/models/second-factor.server'
import { LoginSchema, normalizeEmail } from '~/schemas/auth'

import type { Route } from './+types/admin.login'

export const meta: Route.MetaFunction = () => adminMeta('Sign In')

/** An already signed-in user is redirected away. */
export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = new URL(request.url).searchParams.get('redirectTo') ?? ''
  const { user, headers } = await getCurrentUser(request)
  if (user) throw redirect(user.role ? safeRedirectTo(redirectTo) : '/', { headers })
  return data({ redirectTo }, { headers })
}

export async function action({ request, context }: Route.ActionArgs) {
  // remix-auth reads the body itself (a second read fails with "body object should
  // not be disturbed"): validate a clone first.
  const formData = await readFormData(request.clone())
  const submission = parseWithZod(formData, { schema: LoginSchema })
  const address = clientAddress(request, context)
  const account = normalizeEmail(formData.get('email'))

  const locked = await loginRefusal(address, account)
  if (locked) {
    logAccountEvent('sign-in-refused', { account, address, retryAfterSeconds: locked.retryAfterSeconds })
    return refusedResponse(
      {
        result: withinFieldLimits(
          submission.reply({ formErrors: [locked.message], hideFields: ['password'] }),
          LoginSchema,
        ),
      },
      locked,
    )
  }
  if (submission.status !== 'success')
    return data({ result: withinFieldLimits(submission.reply({ hideFields: ['password'] }), LoginSchema) }, 400)

  try {
    const user = await authenticator.authenticate('form', request)
    await recordSuccessfulLogin(address, account)
    const target = safeRedirectTo(submission.value.redirectTo ?? new URL(request.url).searchParams.get('redirectTo'))
    // With an authenticator app set up, the password only opens the step that asks for its code.
    if (await hasSecondFactor(user.id)) {
      logAccountEvent('second-factor-asked', { account, address })
      const challenge = await startChallenge({ userId: user.id, redirectTo: target })
      return redirect('/admin/login/verify', { headers: { 'Set-Cookie': challenge } })
    }
    logAccountEvent('sign-in', { account, address })
    // A new session id at every sign-in; a session this browser had is ended.
    await endSession(request)
    const headers = new Headers()
    headers.append('Set-Cookie', await startSession(user.id, sessionOrigin(request, context)))
    headers.append('Set-Cookie', await clearChallenge())
    return redirectWithToast(target, { title: 'Logged in successfully!' }, { headers })
  } catch (error) {
    if (error instanceof AccountDeactivatedError) {
      logAccountEvent('sign-in-deactivated', { account, address })
      return data(
        {
          result: withinFieldLimits(
            submission.reply({ formErrors: [error.message], hideFields: ['password'] }),
            LoginSchema,
          ),
        },
        403,
      )
    }
    if (!(error instanceof InvalidCredentialsError)) {
      console.error('Sign-in failed unexpectedly', error)
      return data(
        {
          result: withinFieldLimits(
            submission.reply({ formErrors: ['Failed to sign in'], hideFields: ['password'] }),
            LoginSchema,
          ),
        },
        500,
      )
    }
    const nowLocked = await recordFailedLogin(address, account)
    logAccountEvent('sign-in-failed', { account, address })
    if (nowLocked) {
      return refusedResponse(
        {
          result: withinFieldLimits(
            submission.reply({ formErrors: [nowLocked.message], hideFields: ['password'] }),
            LoginSchema,
          ),
        },
        nowLocked,
      )
    }
    return data(
      {
        result: withinFieldLimits(
          submission.reply({ formErrors: [error.message], hideFields: ['password'] }),
          LoginSchema,
        ),
      },
      401,
    )
  }
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formAction?.startsWith('/admin/login') === true
  const [form, fields] = useAuthForm(LoginSchema, actionData?.result)

  return (
    <AuthCard
      title="Sign in"
      intro="Sign in with your staff email and password to manage the site."
      footer={
        <Link to="/" className="font-medium text-brand-700 underline-offset-2 hover:underline">
          ← Back to the website
        </Link>
      }
    >
      <Form method="post" {...getFormProps(form)} className="space-y-3">
        <FormError id={form.errorId} errors={form.errors} look="auth" />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <AuthEmailField field={fields.email} />
        <Field
          field={fields.password}
          label="Password"
          look="auth"
          type="password"
          autoComplete="current-password"
          labelAside={
            <Link to="/admin/reset" className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
              Forgot password?
            </Link>
          }
        />
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? 'Signing in…' : 'Sign In'}
        </button>
      </Form>
    </AuthCard>
  )
}
