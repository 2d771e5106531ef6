import { data } from 'react-router'

import { requireAdmin } from '~/auth/session.server'
import { config } from '~/config.server'
import { tryReadFormData } from '~/http/form-data.server'
import { previewPostPage } from '~/models/post-editor.server'
import { getSettings } from '~/models/settings.server'
import { POST_LIMITS } from '~/schemas/post'

import type { Route } from './+types/admin.blog.preview'

/** Staff only, for one person's eyes: never stored by a cache, never indexed. */
const PRIVATE = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' }

/**
 * The editor's preview: the form as it stands (saved or not) in, the post page
 * as visitors will see it out (the data the public page's own components
 * draw). Nothing is saved.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return data({ error: 'Send the post with POST' }, { status: 405, headers: { Allow: 'POST', ...PRIVATE } })
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request)
  const formData = await tryReadFormData(request)
  const content = formData?.get('content')
  if (!formData || typeof content !== 'string') {
    return data({ error: 'The preview request could not be read' }, { status: 400, headers: PRIVATE })
  }
  if (content.length > POST_LIMITS.content) {
    return data({ error: 'Content must be less than 100000 characters' }, { status: 400, headers: PRIVATE })
  }
  const settings = await getSettings()
  const preview = await previewPostPage(formData, { brandName: settings.brand_name, siteUrl: config().SITE_URL })
  // (Every answer under /admin also gets no-store and noindex from the server, whatever the route says.)
  return { preview, html: preview.html }
}
