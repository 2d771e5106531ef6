import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import QRCode from 'qrcode'
import { data, Form, Link, useNavigation } from 'react-router'

import { requireAdmin } from '~/auth/session.server'
import { adminStyles } from '~/components/admin/adminStyles'
import { RecoveryCodes } from '~/components/admin/RecoveryCodes'
import { Field, FormError } from '~/components/forms'
import { readFormData, withinFieldLimits } from '~/http/form-data.server'
import { redirectWithToast } from '~/http/toast.server'
import { adminMeta } from '~/lib/admin-meta'
import {
  authenticatorUri,
  confirmEnrolment,
  getPendingEnrolment,
  groupedSecret,
  startEnrolment,
} from '~/models/second-factor.server'
import { getSettings } from '~/models/settings.server'
import { getAuthPolicy } from '~/models/staff.server'
import { EnrolSchema } from '~/schemas/staff'

import type { Route } from './+types/admin.account.two-factor'

export const meta: Route.MetaFunction = () => adminMeta('Set Up Two-Step Sign-In')

export const ENROL_WRONG_CODE = 'That code does not match. Check the time on your phone, then enter the newest code.'

/**
 * Setting up an authenticator app: a QR code (drawn here as SVG, nothing is
 * fetched) and the same key to type, then a code from the app confirms it.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request)
  const [pending, policy, settings] = await Promise.all([getPendingEnrolment(user.id), getAuthPolicy(), getSettings()])
  const base = { hasSecondFactor: user.hasSecondFactor, required: policy.requireSecondFactor }
  if (!pending) return { ...base, pending: null }
  const uri = authenticatorUri(pending, user.email, `${settings.brand_name} admin`)
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M', width: 224 })
  return {
    ...base,
    pending: {
      svg,
      uri,
      key: groupedSecret(pending.secret),
      account: user.email,
      issuer: `${settings.brand_name} admin`,
    },
  }
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request)
  const formData = await readFormData(request)
  if (formData.get('intent') === 'start') {
    await startEnrolment(user.id)
    return redirectWithToast('/admin/account/two-factor', { title: 'Scan the code with your app' })
  }
  const submission = parseWithZod(formData, { schema: EnrolSchema })
  if (submission.status !== 'success') {
    return data({ result: withinFieldLimits(submission.reply(), EnrolSchema), recoveryCodes: null }, 400)
  }
  const confirmed = await confirmEnrolment(user.id, submission.value.code, user)
  if (!confirmed.ok) {
    return data(
      {
        result: withinFieldLimits(
          submission.reply({ fieldErrors: { code: [ENROL_WRONG_CODE] }, hideFields: ['code'] }),
          EnrolSchema,
        ),
        recoveryCodes: null,
      },
      400,
    )
  }
  // The codes are shown on this answer only; they are stored hashed.
  return data({ result: submission.reply({ resetForm: true }), recoveryCodes: confirmed.recoveryCodes })
}

export default function SetUpSecondFactor({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const [form, fields] = useForm({
    id: 'enrol',
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EnrolSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })

  if (actionData?.recoveryCodes) {
    return (
      <main className={`${adminStyles.page} max-w-3xl`}>
        <h1 className={adminStyles.h1}>Two-step sign-in is on</h1>
        <p className="mt-1 text-sm text-ink-700">
          From now on, signing in asks for a code from your app after your password.
        </p>
        <div className="mt-6">
          <RecoveryCodes codes={actionData.recoveryCodes} />
        </div>
        <div className="mt-6 flex flex-wrap gap-2">
          <Link to="/admin" className={adminStyles.primary}>
            I saved my codes: go to the dashboard
          </Link>
          <Link to="/admin/account" className={adminStyles.secondary}>
            Back to my account
          </Link>
        </div>
      </main>
    )
  }

  const { pending } = loaderData
  return (
    <main className={`${adminStyles.page} max-w-3xl`}>
      <h1 className={adminStyles.h1}>Set up two-step sign-in</h1>
      <p className="mt-1 text-sm text-ink-700">
        {loaderData.required && !loaderData.hasSecondFactor
          ? 'An admin requires two-step sign-in for every account. Set it up to continue. '
          : ''}
        You need an authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator, 1Password or
        Authy.
        {loaderData.hasSecondFactor ? ' Your current app keeps working until the new one is confirmed.' : ''}
      </p>

      {pending ? (
        <div className="mt-6 grid gap-6 md:grid-cols-[auto_minmax(0,1fr)]">
          <section aria-labelledby="scan-title" className={adminStyles.card}>
            <h2 id="scan-title" className={adminStyles.h2}>
              1. Scan this code
            </h2>
            <div
              role="img"
              aria-label={`QR code that adds ${pending.account} at ${pending.issuer} to an authenticator app`}
              className="mx-auto mt-3 h-56 w-56 [&>svg]:h-full [&>svg]:w-full"
              dangerouslySetInnerHTML={{ __html: pending.svg }}
            />
            <p className="mt-3 text-sm text-ink-700">Or type this key into the app (time-based, 6 digits):</p>
            <p className="mt-1 rounded-md bg-cream-100 px-3 py-2 text-center font-mono text-base tracking-wide text-ink-900 [overflow-wrap:anywhere]">
              {pending.key}
            </p>
            {/* Setting up on the phone that shows this page: the app opens with the account filled in. */}
            <p className="mt-3 text-sm text-ink-700">On this phone?</p>
            <a href={pending.uri} className={`${adminStyles.secondary} mt-1 min-h-11 w-full`}>
              Open in authenticator app
            </a>
          </section>
          <section aria-labelledby="confirm-title" className={adminStyles.card}>
            <h2 id="confirm-title" className={adminStyles.h2}>
              2. Enter the code the app shows
            </h2>
            <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
              <FormError id={form.errorId} errors={form.errors} />
              <input type="hidden" name="intent" value="confirm" />
              <Field
                field={fields.code}
                label="6-digit code"
                autoComplete="one-time-code"
                inputMode="numeric"
                inputClassName="font-mono tracking-widest"
                hint="A new code appears every 30 seconds; enter the one showing now."
              />
              <button type="submit" className={adminStyles.primary} disabled={busy}>
                {busy ? 'Checking…' : 'Turn on two-step sign-in'}
              </button>
            </Form>
          </section>
        </div>
      ) : (
        <Form method="post" className="mt-6">
          <input type="hidden" name="intent" value="start" />
          <button type="submit" className={adminStyles.primary} disabled={busy}>
            Begin set-up
          </button>
        </Form>
      )}

      <p className="mt-6 text-sm text-ink-700">
        <Link to="/admin/account" className="font-semibold text-brand-800 underline-offset-2 hover:underline">
          ← Back to my account
        </Link>
      </p>
    </main>
  )
}
