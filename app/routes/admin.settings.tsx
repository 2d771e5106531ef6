import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'

import { requireAdmin } from '~/auth/session.server'
import { adminStyles } from '~/components/admin/adminStyles'
import { SettingsForm } from '~/components/admin/SettingsForm'
import { readFormData } from '~/http/form-data.server'
import { redirectWithToast } from '~/http/toast.server'
import { adminMeta } from '~/lib/admin-meta'
import { getSettings, saveSettings } from '~/models/settings.server'
import { applyHoursShortcut, SettingsFormSchema } from '~/schemas/settings-form'

import type { Route } from './+types/admin.settings'

export const meta: Route.MetaFunction = () => adminMeta('Store Settings')

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return { settings: await getSettings() }
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request)
  const formData = await readFormData(request)
  // "Copy Monday to all days" pressed without JavaScript: the form comes back filled in, not saved.
  const shortcut = applyHoursShortcut(formData)
  if (shortcut) {
    const filled = parseWithZod(shortcut.formData, { schema: SettingsFormSchema })
    return data({ result: filled.reply(), copiedMonday: shortcut.store })
  }
  const submission = parseWithZod(formData, { schema: SettingsFormSchema })
  if (submission.status !== 'success') {
    return data({ result: submission.reply() }, { status: 400 })
  }
  try {
    await saveSettings(submission.value)
  } catch (error) {
    console.error('Saving the settings failed', error)
    return data(
      { result: submission.reply({ formErrors: ['The settings could not be saved. Please try again.'] }) },
      { status: 500 },
    )
  }
  return redirectWithToast('/admin/settings', { type: 'success', title: 'Settings saved' })
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className={`${adminStyles.page} max-w-4xl`}>
      <h1 className={adminStyles.h1}>Store Settings</h1>
      <p className="mt-1 text-sm text-ink-700">
        The brand, contact details, store addresses, hours and links every public page shows. Changes appear on the next
        page view.
      </p>
      <SettingsForm
        settings={loaderData.settings}
        lastResult={actionData?.result}
        copiedMonday={actionData && 'copiedMonday' in actionData ? String(actionData.copiedMonday) : undefined}
      />
    </main>
  )
}
