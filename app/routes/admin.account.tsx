import { getFormProps, type SubmissionResult, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { ReactNode } from 'react'
import { data, Form, Link, useNavigation } from 'react-router'

import { logAccountEvent, queuePasswordChangedMail } from '~/auth/account-events.server'
import { refusedResponse } from '~/auth/attempt-limits.server'
import { checkCurrentPassword } from '~/auth/current-password.server'
import { ROLE_LABELS } from '~/auth/permissions'
import { clientAddress } from '~/auth/rate-limit.server'
import { requireAdmin } from '~/auth/session.server'
import { adminStyles } from '~/components/admin/adminStyles'
import { RecoveryCodes } from '~/components/admin/RecoveryCodes'
import { formatWhen } from '~/components/admin/when'
import { Field, FormError } from '~/components/forms'
import { readFormData, withinFieldLimits } from '~/http/form-data.server'
import { redirectWithToast } from '~/http/toast.server'
import { adminMeta } from '~/lib/admin-meta'
import { withoutIPv4Mapping } from '~/lib/client-network.server'
import { describeDevice } from '~/lib/user-agent'
import {
  recoveryCodesLeft,
  removeSecondFactor,
  renewRecoveryCodes,
  startEnrolment,
} from '~/models/second-factor.server'
import { deleteOtherUserSessions, deleteUserSession, listUserSessions } from '~/models/sessions.server'
import { getAuthPolicy, setName } from '~/models/staff.server'
import { setPassword } from '~/models/users.server'
import { ChangePasswordSchema, ProfileSchema, SecondFactorChangeSchema, SessionActionSchema } from '~/schemas/staff'

import type { Route } from './+types/admin.account'

export const meta: Route.MetaFunction = () => adminMeta('My Account')

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request)
  const [sessions, codesLeft, policy] = await Promise.all([
    listUserSessions(user.id),
    user.hasSecondFactor ? recoveryCodesLeft(user.id) : Promise.resolve(0),
    getAuthPolicy(),
  ])
  return {
    email: user.email,
    name: user.name,
    role: user.role,
    hasSecondFactor: user.hasSecondFactor,
    codesLeft,
    secondFactorRequired: policy.requireSecondFactor,
    sessions: sessions.map((session) => ({
      key: session.key,
      device: describeDevice(session.user_agent),
      address: session.ip_address ? withoutIPv4Mapping(session.ip_address) : 'Unknown address',
      lastSeen: session.last_seen_at,
      started: session.created_at,
      current: session.key === user.sessionKey,
    })),
  }
}

type Intent = 'profile' | 'password' | 'second-factor' | 'sessions'

const reply = (intent: Intent, result: SubmissionResult<string[]>, status: number, extra: object = {}) =>
  data({ intent, result, recoveryCodes: null as string[] | null, ...extra }, status)

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(request)
  const formData = await readFormData(request)
  const intent = formData.get('intent')
  const address = clientAddress(request, context)
  const back = '/admin/account'

  if (intent === 'profile') {
    const submission = parseWithZod(formData, { schema: ProfileSchema })
    if (submission.status !== 'success')
      return reply('profile', withinFieldLimits(submission.reply(), ProfileSchema), 400)
    await setName(user.id, submission.value.name, user)
    return redirectWithToast(back, { title: 'Name saved' })
  }

  if (intent === 'password') {
    const submission = parseWithZod(formData, { schema: ChangePasswordSchema })
    const hidden = { hideFields: ['currentPassword', 'password', 'confirmPassword'] }
    if (submission.status !== 'success') return reply('password', submission.reply(hidden), 400)
    const check = await checkCurrentPassword(user.email, submission.value.currentPassword, address)
    if (!check.ok) {
      const result = submission.reply({ ...hidden, fieldErrors: { currentPassword: [check.message] } })
      return check.refused
        ? refusedResponse({ intent: 'password', result, recoveryCodes: null }, check.refused)
        : reply('password', result, 400)
    }
    const ended = await setPassword(user.id, submission.value.password, {
      how: 'account page',
      keepSession: user.sessionKey,
      actor: user,
    })
    logAccountEvent('password-changed', { account: user.email, address, how: 'account page', endedSessions: ended })
    await queuePasswordChangedMail(user.email, 'account page')
    return redirectWithToast(back, {
      title: 'Password updated successfully!',
      description:
        ended === 0
          ? 'You stay signed in here.'
          : `You stay signed in here; ${ended} other session${ended === 1 ? ' was' : 's were'} signed out.`,
    })
  }

  if (intent === 'start-second-factor') {
    await startEnrolment(user.id)
    return redirectWithToast('/admin/account/two-factor', { title: 'Scan the code with your app' })
  }

  if (intent === 'disable-second-factor' || intent === 'renew-recovery-codes') {
    const submission = parseWithZod(formData, { schema: SecondFactorChangeSchema })
    const hidden = { hideFields: ['currentPassword'] }
    if (submission.status !== 'success') return reply('second-factor', submission.reply(hidden), 400)
    if (!user.hasSecondFactor) {
      return reply('second-factor', submission.reply({ ...hidden, formErrors: ['Two-step sign-in is not on.'] }), 400)
    }
    if (intent === 'disable-second-factor' && (await getAuthPolicy()).requireSecondFactor) {
      return reply(
        'second-factor',
        submission.reply({
          ...hidden,
          formErrors: ['An admin requires two-step sign-in for every account, so it cannot be turned off.'],
        }),
        400,
      )
    }
    const check = await checkCurrentPassword(user.email, submission.value.currentPassword, address)
    if (!check.ok) {
      const result = submission.reply({ ...hidden, fieldErrors: { currentPassword: [check.message] } })
      return check.refused
        ? refusedResponse({ intent: 'second-factor', result, recoveryCodes: null }, check.refused)
        : reply('second-factor', result, 400)
    }
    if (intent === 'renew-recovery-codes') {
      const codes = await renewRecoveryCodes(user.id, user)
      return reply('second-factor', submission.reply({ resetForm: true }), 200, { recoveryCodes: codes })
    }
    await removeSecondFactor(user.id, 'turned off by its owner', user)
    return redirectWithToast(back, { title: 'Two-step sign-in turned off' })
  }

  if (intent === 'end-session' || intent === 'end-other-sessions') {
    const parsed = SessionActionSchema.safeParse(Object.fromEntries(formData))
    if (!parsed.success) return redirectWithToast(back, { type: 'error', title: 'That session could not be found' })
    if (parsed.data.intent === 'end-other-sessions') {
      const ended = await deleteOtherUserSessions(user.id, user.sessionKey)
      return redirectWithToast(back, {
        title:
          ended === 0 ? 'No other sessions to sign out' : `Signed out ${ended} other session${ended === 1 ? '' : 's'}`,
      })
    }
    if (!parsed.data.session || parsed.data.session === user.sessionKey) {
      return redirectWithToast(back, {
        type: 'error',
        title: 'Use Sign Out in the account menu to end this session',
      })
    }
    const ended = await deleteUserSession(user.id, parsed.data.session)
    return redirectWithToast(
      back,
      ended ? { title: 'Session signed out' } : { type: 'error', title: 'That session had already ended' },
    )
  }

  return redirectWithToast(back, { type: 'error', title: 'This request could not be understood.' })
}

function Section({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={`${adminStyles.card} sm:p-6`}>
      <h2 id={id} className={adminStyles.h2}>
        {title}
      </h2>
      {intro ? <p className="mt-1 text-sm text-ink-700">{intro}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  )
}

export default function MyAccount({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const pendingIntent = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null
  const last = (intent: Intent) => (actionData?.intent === intent ? actionData.result : undefined)

  const [profileForm, profile] = useForm({
    id: 'profile',
    lastResult: last('profile'),
    defaultValue: { name: loaderData.name },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const [passwordForm, password] = useForm({
    id: 'password',
    lastResult: last('password'),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChangePasswordSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const [factorForm, factor] = useForm({
    id: 'second-factor',
    lastResult: last('second-factor'),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SecondFactorChangeSchema }),
    shouldValidate: 'onSubmit',
  })
  const others = loaderData.sessions.filter((session) => !session.current).length

  return (
    <main className={`${adminStyles.page} max-w-3xl`}>
      <h1 className={adminStyles.h1}>My account</h1>
      <p className="mt-1 text-sm text-ink-700">
        Signed in as <span className="font-semibold [overflow-wrap:anywhere]">{loaderData.email}</span>
        {loaderData.role ? ` · ${ROLE_LABELS[loaderData.role]}` : null}
      </p>

      <div className="mt-6 space-y-6">
        {actionData?.recoveryCodes ? <RecoveryCodes codes={actionData.recoveryCodes} /> : null}

        <Section id="profile-title" title="Profile" intro="Your name as the rest of the staff see it in the admin.">
          <Form method="post" {...getFormProps(profileForm)} className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <input type="hidden" name="intent" value="profile" />
            <Field field={profile.name} label="Name" autoComplete="name" className="flex-1" />
            <button type="submit" className={`${adminStyles.primary} sm:mt-6`} disabled={pendingIntent === 'profile'}>
              {pendingIntent === 'profile' ? 'Saving…' : 'Save name'}
            </button>
          </Form>
        </Section>

        <Section
          id="password-title"
          title="Password"
          intro="Changing it signs out every other device signed in to your account; you stay signed in here."
        >
          <Form method="post" {...getFormProps(passwordForm)} className="grid gap-x-4 sm:grid-cols-2">
            <input type="hidden" name="intent" value="password" />
            <div className="sm:col-span-2">
              <FormError id={passwordForm.errorId} errors={passwordForm.errors} />
            </div>
            <Field
              field={password.currentPassword}
              label="Current password"
              type="password"
              autoComplete="current-password"
              className="sm:col-span-2 sm:max-w-[calc(50%-0.5rem)]"
            />
            <Field field={password.password} label="New password" type="password" autoComplete="new-password" />
            <Field
              field={password.confirmPassword}
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
            />
            <div className="sm:col-span-2">
              <button type="submit" className={adminStyles.primary} disabled={pendingIntent === 'password'}>
                {pendingIntent === 'password' ? 'Updating…' : 'Change password'}
              </button>
            </div>
          </Form>
        </Section>

        <Section
          id="second-factor-title"
          title="Two-step sign-in"
          intro="After your password, sign-in asks for a code from an authenticator app on your phone (such as Google Authenticator, 1Password or Authy), so a stolen password alone cannot open the admin."
        >
          {loaderData.hasSecondFactor ? (
            <>
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <span className="rounded-full bg-success-50 px-2 py-0.5 text-xs font-semibold text-success-700">
                  On
                </span>
                <span>
                  {loaderData.codesLeft} of 10 recovery codes left.
                  {loaderData.codesLeft <= 3 ? ' Make new ones before you run out.' : ''}
                </span>
              </p>
              <Form method="post" {...getFormProps(factorForm)} className="mt-4 space-y-3">
                <FormError id={factorForm.errorId} errors={factorForm.errors} />
                <Field
                  field={factor.currentPassword}
                  label="Current password"
                  type="password"
                  autoComplete="current-password"
                  hint="Needed to make new recovery codes or turn two-step sign-in off."
                  className="sm:max-w-sm"
                />
                <div className="flex flex-wrap gap-2">
                  <button type="submit" name="intent" value="renew-recovery-codes" className={adminStyles.secondary}>
                    Make new recovery codes
                  </button>
                  {loaderData.secondFactorRequired ? null : (
                    <button
                      type="submit"
                      name="intent"
                      value="disable-second-factor"
                      className={adminStyles.dangerLink}
                    >
                      Turn off two-step sign-in
                    </button>
                  )}
                </div>
              </Form>
              <Form method="post" className="mt-4 border-t border-cream-200 pt-4">
                <p className="text-sm text-ink-700">
                  New phone? Set up the app again; the old one stops working once the new one is confirmed.
                </p>
                <button
                  type="submit"
                  name="intent"
                  value="start-second-factor"
                  className={`${adminStyles.secondary} mt-2`}
                >
                  Set up a new phone
                </button>
              </Form>
            </>
          ) : (
            <Form method="post">
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <span className="rounded-full bg-cream-200 px-2 py-0.5 text-xs font-semibold text-ink-900">Off</span>
                {loaderData.secondFactorRequired ? (
                  <span className="font-medium text-danger-700">
                    An admin requires it: set it up to keep using the admin.
                  </span>
                ) : null}
              </p>
              <button
                type="submit"
                name="intent"
                value="start-second-factor"
                className={`${adminStyles.primary} mt-3`}
                disabled={pendingIntent === 'start-second-factor'}
              >
                Set up two-step sign-in
              </button>
            </Form>
          )}
        </Section>

        <Section
          id="sessions-title"
          title="Where you are signed in"
          intro="Each browser you signed in with. Sign out any you do not recognise, and change your password if you did not sign in there."
        >
          <ul className="divide-y divide-cream-200 rounded-md border border-cream-200" aria-label="Active sessions">
            {loaderData.sessions.map((session) => (
              <li key={session.key} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0 text-sm">
                  <p className="font-semibold text-ink-900">
                    {session.device}
                    {session.current ? (
                      <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                        This device
                      </span>
                    ) : null}
                  </p>
                  <p className="text-ink-700 [overflow-wrap:anywhere]">
                    {session.address} · last seen {formatWhen(session.lastSeen)} · signed in{' '}
                    {formatWhen(session.started)}
                  </p>
                </div>
                {session.current ? null : (
                  <Form method="post" className="shrink-0">
                    <input type="hidden" name="session" value={session.key} />
                    <button
                      type="submit"
                      name="intent"
                      value="end-session"
                      className={adminStyles.dangerLink}
                      aria-label={`Sign out ${session.device}, last seen ${formatWhen(session.lastSeen)}`}
                    >
                      Sign out
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
          {others > 0 ? (
            <Form method="post" className="mt-3">
              <button type="submit" name="intent" value="end-other-sessions" className={adminStyles.dangerLink}>
                Sign out all other sessions
              </button>
            </Form>
          ) : (
            <p className="mt-3 text-sm text-ink-700">You are not signed in anywhere else.</p>
          )}
        </Section>

        <p className="text-sm text-ink-700">
          <Link to="/admin" className="font-semibold text-brand-800 underline-offset-2 hover:underline">
            ← Back to the dashboard
          </Link>
        </p>
      </div>
    </main>
  )
}
