import { data } from 'react-router'

import { requireAdmin } from '~/auth/session.server'
import { config } from '~/config.server'
import { tryReadFormData } from '~/http/form-data.server'
import { previewPostPage } from '~/models/post-editor.server'
import { getSettings } from '~/models/settings.server'
import { PostPreviewSchema, previewFields } from '~/schemas/post'

import type { Route } from './+types/admin.blog.preview'

/**
 * The editor's preview: the form as it stands (saved or not) in, the post page
 * as visitors will see it out (the data the public page's own components
 * draw). Nothing is saved. Staff only, for one person's eyes: like every
 * answer under /admin it is sent no-store and noindex by the server.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return data({ error: 'Send the post with POST' }, { status: 405, headers: { Allow: 'POST' } })
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request)
  const formData = await tryReadFormData(request)
  const form = formData ? PostPreviewSchema.safeParse(previewFields(formData)) : undefined
  if (!form?.success) {
    const error = form?.error.issues[0]?.message ?? 'The preview request could not be read'
    return data({ error }, { status: 400 })
  }
  const settings = await getSettings()
  const preview = await previewPostPage(form.data, { brandName: settings.brand_name, siteUrl: config().SITE_URL })
  return { preview, html: preview.html }
}
