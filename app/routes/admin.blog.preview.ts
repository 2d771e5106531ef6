import { data } from 'react-router'

import { requireAdmin } from '~/auth/session.server'
import { tryReadFormData } from '~/http/form-data.server'
import { renderPostContent } from '~/models/post-content.server'
import { POST_LIMITS } from '~/schemas/post'

import type { Route } from './+types/admin.blog.preview'

/** The editor's Preview tab: markdown in, the public page's sanitised HTML out (the function a save stores). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return data({ error: 'Send the markdown with POST' }, { status: 405, headers: { Allow: 'POST' } })
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request)
  const content = (await tryReadFormData(request))?.get('content')
  if (typeof content !== 'string') return data({ error: 'The preview request could not be read' }, { status: 400 })
  if (content.length > POST_LIMITS.content) {
    return data({ error: 'Content must be less than 100000 characters' }, { status: 400 })
  }
  return { html: (await renderPostContent(content)).content_html }
}
