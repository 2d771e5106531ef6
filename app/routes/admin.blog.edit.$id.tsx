import { requireAdmin } from '~/auth/session.server'
import { PostEditor } from '~/components/admin/PostEditor'
import { adminMeta } from '~/lib/admin-meta'

import type { Route } from './+types/admin.blog.edit.$id'
import { handleEditorAction, loadEditor } from './admin.blog.editor.server'

export const meta: Route.MetaFunction = () => adminMeta('Edit Post')

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  return loadEditor(request, params.id)
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request)
  return handleEditorAction(request, params.id)
}

export default function EditPost({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PostEditor
      {...loaderData}
      lastResult={actionData?.result}
      preview={actionData?.preview ?? null}
      schedulePassed={Boolean(actionData && 'schedulePassed' in actionData && actionData.schedulePassed)}
    />
  )
}
