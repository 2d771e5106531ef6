import { getFormProps, getSelectProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, useNavigation } from 'react-router'

import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '~/auth/permissions'
import { requireAdmin } from '~/auth/session.server'
import { adminStyles } from '~/components/admin/adminStyles'
import { formatWhen } from '~/components/admin/when'
import { Field, FormError } from '~/components/forms'
import { STAFF_ROLES, type StaffRole } from '~/db/types'
import { readFormData, withinFieldLimits } from '~/http/form-data.server'
import { redirectWithToast } from '~/http/toast.server'
import { adminMeta } from '~/lib/admin-meta'
import { accountsUsingIt } from '~/lib/staff-words'
import { createInvitation, listOpenInvitations, resendInvitation, revokeInvitation } from '~/models/invitations.server'
import { queueInvitationMail } from '~/models/mail-delivery.server'
import {
  deactivateUser,
  getAuthPolicy,
  listStaff,
  reactivateUser,
  setRole,
  setSecondFactorRequired,
} from '~/models/staff.server'
import { AccountActionSchema, InviteSchema, PolicySchema, RoleSchema } from '~/schemas/staff'

import type { Route } from './+types/admin.staff'

export const meta: Route.MetaFunction = () => adminMeta('Staff')

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request)
  const [staff, invitations, policy] = await Promise.all([listStaff(), listOpenInvitations(), getAuthPolicy()])
  return {
    me: user.id,
    meHasSecondFactor: user.hasSecondFactor,
    staff,
    invitations,
    policy,
    now: new Date().toISOString(),
  }
}

const BACK = '/admin/staff'
const failed = (title: string, description?: string) => redirectWithToast(BACK, { type: 'error', title, description })

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request)
  const formData = await readFormData(request)
  const intent = formData.get('intent')

  if (intent === 'invite') {
    const submission = parseWithZod(formData, { schema: InviteSchema })
    if (submission.status !== 'success')
      return data({ result: withinFieldLimits(submission.reply(), InviteSchema) }, 400)
    const invited = await createInvitation(submission.value.email, submission.value.role, user)
    if (!invited.ok) {
      return data(
        { result: withinFieldLimits(submission.reply({ fieldErrors: { email: [invited.message] } }), InviteSchema) },
        400,
      )
    }
    await queueInvitationMail(submission.value.email)
    return redirectWithToast(BACK, {
      title: invited.resent ? 'Invitation sent again' : 'Invitation sent',
      description: `${submission.value.email} gets a link that works once, for 7 days.`,
    })
  }

  if (intent === 'role') {
    const parsed = RoleSchema.safeParse(Object.fromEntries(formData))
    if (!parsed.success) return failed('Choose staff or admin')
    const changed = await setRole(parsed.data.id, parsed.data.role, user)
    if (!changed.ok) return failed('The role was not changed', changed.message)
    return redirectWithToast(parsed.data.id === user.id && parsed.data.role !== 'admin' ? '/admin' : BACK, {
      title: 'Role changed',
    })
  }

  if (intent === 'policy') {
    const parsed = PolicySchema.safeParse(Object.fromEntries(formData))
    if (!parsed.success) return failed('This request could not be understood.')
    const required = parsed.data.require_second_factor === 'on'
    // Whoever requires it has it first, so turning it on never locks its author out of this page.
    if (required && !user.hasSecondFactor) {
      return failed(
        'Set up two-step sign-in for your own account first',
        'Then you can require it for everyone. It is on your account page.',
      )
    }
    await setSecondFactorRequired(required, user)
    return redirectWithToast(BACK, {
      title: required ? 'Two-step sign-in is now required' : 'Two-step sign-in is now optional',
      description: required
        ? 'Everyone without it is asked to set it up before they can go on.'
        : 'Each person can still keep it on for their own account.',
    })
  }

  const parsed = AccountActionSchema.safeParse(Object.fromEntries(formData))
  if (!parsed.success) return failed('This request could not be understood.')
  const { id } = parsed.data
  switch (parsed.data.intent) {
    case 'deactivate': {
      if (id === user.id) return failed('You cannot deactivate your own account', 'Ask another admin to do it.')
      const done = await deactivateUser(id, user)
      if (!done.ok) return failed('The account was not deactivated', done.message)
      return redirectWithToast(BACK, {
        title: 'Account deactivated',
        description: 'It was signed out everywhere and can no longer sign in. Its posts keep their author.',
      })
    }
    case 'reactivate': {
      const done = await reactivateUser(id, user)
      if (!done.ok) return failed('The account was not reactivated', done.message)
      return redirectWithToast(BACK, { title: 'Account reactivated', description: 'It can sign in again.' })
    }
    case 'resend': {
      const invitation = await resendInvitation(id, user)
      if (!invitation) return failed('This invitation is no longer open')
      await queueInvitationMail(invitation.email)
      return redirectWithToast(BACK, {
        title: 'Invitation sent again',
        description: `The earlier link to ${invitation.email} stops working when the new email is sent.`,
      })
    }
    case 'revoke': {
      const invitation = await revokeInvitation(id, user)
      if (!invitation) return failed('This invitation is no longer open')
      return redirectWithToast(BACK, {
        title: 'Invitation revoked',
        description: `The link sent to ${invitation.email} no longer works.`,
      })
    }
  }
}

function RoleBadge({ role }: { role: StaffRole | null }) {
  if (!role) {
    return <span className="rounded-full bg-cream-200 px-2 py-0.5 text-xs font-semibold text-ink-900">No role</span>
  }
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${role === 'admin' ? 'bg-brand-50 text-brand-800' : 'bg-accent-100 text-accent-800'}`}
    >
      {ROLE_LABELS[role]}
    </span>
  )
}

export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, invitations, policy, me } = loaderData
  const navigation = useNavigation()
  const inviting = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'invite'
  const [inviteForm, invite] = useForm({
    id: 'invite',
    lastResult: actionData?.result,
    defaultValue: { role: 'staff' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: InviteSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const active = staff.filter((member) => member.active)
  const withFactor = active.filter((member) => member.has_second_factor).length

  return (
    <main className={adminStyles.page}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className={adminStyles.h1}>Staff</h1>
          <p className="mt-1 text-sm text-ink-700">Who can sign in to the admin, and what each role may do.</p>
        </div>
        <Link to="/admin/activity?kind=account" className={adminStyles.secondary}>
          Account activity
        </Link>
      </div>

      <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
        {STAFF_ROLES.map((role) => (
          <div key={role} className="rounded-md border border-cream-300 bg-white px-3 py-2">
            <dt className="font-semibold text-ink-900">{ROLE_LABELS[role]}</dt>
            <dd className="text-ink-700">{ROLE_DESCRIPTIONS[role]}</dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="invite-title" className={`${adminStyles.card} mt-6`}>
        <h2 id="invite-title" className={adminStyles.h2}>
          Invite someone
        </h2>
        <p className="mt-1 text-sm text-ink-700">
          They get an email with a link that works once, for 7 days, to choose their name and password.
        </p>
        <Form
          method="post"
          {...getFormProps(inviteForm)}
          className="mt-3 grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-start"
        >
          <input type="hidden" name="intent" value="invite" />
          <div className="sm:col-span-3">
            <FormError id={inviteForm.errorId} errors={inviteForm.errors} />
          </div>
          <Field field={invite.email} label="Email" type="email" autoComplete="off" />
          <div>
            <label htmlFor={invite.role.id} className={adminStyles.label}>
              Role
            </label>
            <select {...getSelectProps(invite.role)} key={invite.role.key} className={adminStyles.input}>
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </select>
            <p id={invite.role.errorId} className={adminStyles.error}>
              {invite.role.errors?.[0]}
            </p>
          </div>
          <button type="submit" className={`${adminStyles.primary} sm:mt-6`} disabled={inviting}>
            {inviting ? 'Sending…' : 'Send invitation'}
          </button>
        </Form>
      </section>

      {invitations.length > 0 ? (
        <section aria-labelledby="invitations-title" className="mt-6">
          <h2 id="invitations-title" className={adminStyles.h2}>
            Invitations waiting
          </h2>
          <ul className="mt-3 divide-y divide-cream-200 rounded-lg border border-cream-300 bg-white shadow-sm">
            {invitations.map((invitation) => {
              const expired = invitation.expires_at !== null && invitation.expires_at <= loaderData.now
              return (
                <li
                  key={invitation.id}
                  className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0 text-sm">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="font-semibold text-ink-900 [overflow-wrap:anywhere]">{invitation.email}</span>
                      <RoleBadge role={invitation.role} />
                      {expired ? (
                        <span className="rounded-full bg-danger-50 px-2 py-0.5 text-xs font-semibold text-danger-700">
                          Expired
                        </span>
                      ) : null}
                    </p>
                    <p className="text-ink-700">
                      {invitation.expires_at === null
                        ? 'Email waiting to be sent'
                        : `${expired ? 'Expired' : 'Link works until'} ${formatWhen(invitation.expires_at)}`}
                      {invitation.invited_by_email ? ` · invited by ${invitation.invited_by_email}` : ''}
                    </p>
                  </div>
                  <Form method="post" className="flex shrink-0 gap-2">
                    <input type="hidden" name="id" value={invitation.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="resend"
                      className={adminStyles.smallLink}
                      aria-label={`Send the invitation to ${invitation.email} again`}
                    >
                      Resend
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value="revoke"
                      className={adminStyles.dangerLink}
                      aria-label={`Revoke the invitation to ${invitation.email}`}
                    >
                      Revoke
                    </button>
                  </Form>
                </li>
              )
            })}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="accounts-title" className="mt-6">
        <h2 id="accounts-title" className={adminStyles.h2}>
          Accounts
        </h2>
        <ul className="mt-3 divide-y divide-cream-200 rounded-lg border border-cream-300 bg-white shadow-sm">
          {staff.map((member) => {
            const label = member.name || member.email
            return (
              <li
                key={member.id}
                className={`grid gap-3 p-3 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_auto] lg:items-center ${member.active ? '' : 'bg-cream-50'}`}
              >
                <div className="min-w-0 text-sm">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold text-ink-900 [overflow-wrap:anywhere]">{label}</span>
                    {member.id === me ? <span className="text-xs font-semibold text-ink-700">(you)</span> : null}
                    <RoleBadge role={member.role} />
                    {member.active ? null : (
                      <span className="rounded-full bg-danger-50 px-2 py-0.5 text-xs font-semibold text-danger-700">
                        Deactivated
                      </span>
                    )}
                  </p>
                  {member.name ? <p className="text-ink-700 [overflow-wrap:anywhere]">{member.email}</p> : null}
                </div>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm text-ink-700">
                  <dt>Last sign-in</dt>
                  <dd className="text-ink-900">{formatWhen(member.last_sign_in_at)}</dd>
                  <dt>Two-step</dt>
                  <dd className={member.has_second_factor ? 'font-semibold text-success-700' : 'text-ink-900'}>
                    {member.has_second_factor ? 'On' : 'Off'}
                  </dd>
                </dl>
                <div className="flex flex-wrap items-start gap-2 lg:justify-end">
                  {member.active ? (
                    <Form method="post" className="flex items-center gap-2">
                      <input type="hidden" name="intent" value="role" />
                      <input type="hidden" name="id" value={member.id} />
                      <label htmlFor={`role-${member.id}`} className="sr-only">
                        Role of {label}
                      </label>
                      <select
                        key={member.role ?? 'none'}
                        id={`role-${member.id}`}
                        name="role"
                        defaultValue={member.role ?? ''}
                        className="rounded-md border border-ink-500 bg-white px-2 py-1.5 text-sm text-ink-900"
                      >
                        {member.role ? null : (
                          <option value="" disabled>
                            No role
                          </option>
                        )}
                        {STAFF_ROLES.map((role) => (
                          <option key={role} value={role}>
                            {ROLE_LABELS[role]}
                          </option>
                        ))}
                      </select>
                      <button type="submit" className={adminStyles.smallLink} aria-label={`Save the role of ${label}`}>
                        Save role
                      </button>
                    </Form>
                  ) : null}
                  {member.id === me ? null : member.active ? (
                    <details className="group">
                      <summary
                        className={`${adminStyles.dangerLink} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
                      >
                        Deactivate<span className="sr-only"> {label}</span>…
                      </summary>
                      <Form
                        method="post"
                        className="mt-2 max-w-xs rounded-md border border-danger-600 bg-danger-50 p-3 text-sm"
                      >
                        <input type="hidden" name="intent" value="deactivate" />
                        <input type="hidden" name="id" value={member.id} />
                        <p className="text-ink-900">
                          {label} is signed out everywhere at once and can no longer sign in. Their posts keep their
                          author.
                        </p>
                        <button type="submit" className={`${adminStyles.danger} mt-2`}>
                          Deactivate {label}
                        </button>
                      </Form>
                    </details>
                  ) : (
                    <Form method="post">
                      <input type="hidden" name="intent" value="reactivate" />
                      <input type="hidden" name="id" value={member.id} />
                      <button type="submit" className={adminStyles.smallLink} aria-label={`Reactivate ${label}`}>
                        Reactivate
                      </button>
                    </Form>
                  )}
                </div>
              </li>
            )
          })}
        </ul>
      </section>

      <section aria-labelledby="security-title" className={`${adminStyles.card} mt-6`}>
        <h2 id="security-title" className={adminStyles.h2}>
          Two-step sign-in for everyone
        </h2>
        <p className="mt-1 text-sm text-ink-700">
          {accountsUsingIt(withFactor, active.length)}. When it is required, anyone without it must set it up before
          they can use the admin.
        </p>
        {loaderData.meHasSecondFactor ? null : (
          <p className="mt-2 text-sm font-medium text-ink-900">
            To require it, first{' '}
            <Link to="/admin/account" className="text-brand-800 underline">
              set it up for your own account
            </Link>
            .
          </p>
        )}
        <Form method="post" className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center">
          <input type="hidden" name="intent" value="policy" />
          <label className="flex items-center gap-2 text-sm font-medium text-ink-900">
            <input
              key={String(policy.requireSecondFactor)}
              type="checkbox"
              name="require_second_factor"
              defaultChecked={policy.requireSecondFactor}
              className="h-5 w-5 rounded border-ink-500 accent-brand-800"
            />
            Require two-step sign-in for every account
          </label>
          <button type="submit" className={adminStyles.secondary}>
            Save
          </button>
        </Form>
      </section>
    </main>
  )
}
