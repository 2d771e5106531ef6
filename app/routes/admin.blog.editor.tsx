import { requireAdmin } from '~/auth/session.server'
import { PostEditor } from '~/components/admin/PostEditor'
import { adminMeta } from '~/lib/admin-meta'

import type { Route } from './+types/admin.blog.editor'
import { handleEditorAction, loadEditor } from './admin.blog.editor.server'

/**
 * The post editor: routes.ts mounts this module at the new post page
 * (/admin/blog/new) and at a post's edit page (/admin/blog/edit/:id), which
 * differ only by the id.
 */
export const meta: Route.MetaFunction = ({ params }) => adminMeta(params.id ? 'Edit Post' : 'New Post')

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  return loadEditor(request, params.id)
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request)
  return handleEditorAction(request, params.id)
}

export default function PostEditorPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PostEditor
      {...loaderData}
      lastResult={actionData?.result}
      preview={actionData?.preview ?? null}
      schedulePassed={Boolean(actionData && 'schedulePassed' in actionData && actionData.schedulePassed)}
    />
  )
}
