import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, useNavigation } from 'react-router'

import { startSession } from '~/auth/session.server'
import {
  AuthCard,
  AuthEmailField,
  LinkProblem,
  NewPasswordFields,
  primaryButtonClass,
  useAuthForm,
} from '~/components/admin/AuthCard'
import { FormError } from '~/components/forms'
import { readFormData } from '~/http/form-data.server'
import { redirectWithToast } from '~/http/toast.server'
import { adminMeta } from '~/lib/admin-meta'
import { checkSetupToken, createFirstAdmin, type SetupTokenState } from '~/models/setup-tokens.server'
import { FirstAdminSchema } from '~/schemas/setup'

import type { Route } from './+types/admin.setup'

export const meta: Route.MetaFunction = () => adminMeta('Create the First Admin')

type Problem = Exclude<SetupTokenState['status'], 'valid'>

const PROBLEMS: Record<Problem, { title: string; text: string }> = {
  done: {
    title: 'This site already has an admin',
    text: 'Setup links stop working once the first admin exists. Sign in, or ask an admin to reset your password.',
  },
  missing: {
    title: 'This setup link is not valid',
    text: 'Copy the whole link from the server log of the latest start. Restarting the server logs a new one.',
  },
  expired: {
    title: 'This setup link has expired',
    text: 'Setup links work for 24 hours. Restart the server to log a new one, or create the admin with npm run user:create.',
  },
  used: {
    title: 'This setup link has already been used',
    text: 'Each setup link works once. Restart the server to log a new one while no admin exists.',
  },
}

/** A one-time page, reachable only with the link the first production start logged. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token')
  const state = await checkSetupToken(token)
  return { token: state.status === 'valid' ? token : null, problem: state.status === 'valid' ? null : state.status }
}

export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: FirstAdminSchema })
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password', 'confirmPassword'] }), problem: null }, 400)
  }
  const { token, email, password } = submission.value
  const outcome = await createFirstAdmin(token, email, password)
  if (outcome.status !== 'valid') {
    return data(
      {
        result: submission.reply({
          formErrors: [PROBLEMS[outcome.status].title],
          hideFields: ['password', 'confirmPassword'],
        }),
        problem: outcome.status,
      },
      outcome.status === 'done' ? 409 : 400,
    )
  }
  console.log(`First admin created through the setup link: ${outcome.user.email}`)
  const cookie = await startSession(outcome.user.id)
  return redirectWithToast(
    '/admin',
    { title: 'Admin account created', description: `You are signed in as ${outcome.user.email}.` },
    { headers: { 'Set-Cookie': cookie } },
  )
}

export default function AdminSetup({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const problem = actionData?.problem ?? loaderData.problem
  const [form, fields] = useAuthForm(FirstAdminSchema, actionData?.result)

  if (problem) {
    const { title, text } = PROBLEMS[problem]
    return <LinkProblem title={title} text={text} />
  }

  return (
    <AuthCard
      title="Create the first admin"
      intro="This link works once. The account you create here can sign in to the staff area and add the others."
    >
      <Form method="post" {...getFormProps(form)} className="space-y-3">
        <FormError id={form.errorId} errors={form.errors} look="auth" />
        <input type="hidden" name="token" value={loaderData.token ?? ''} />
        <AuthEmailField field={fields.email} />
        <NewPasswordFields password={fields.password} confirm={fields.confirmPassword} />
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? 'Creating…' : 'Create Admin'}
        </button>
      </Form>
    </AuthCard>
  )
}
