import { requireAdmin } from '~/auth/session.server'
import { PostEditor } from '~/components/admin/PostEditor'
import { adminMeta } from '~/lib/admin-meta'

import type { Route } from './+types/admin.blog.new'
import { handleEditorAction, loadEditor } from './admin.blog.editor.server'

export const meta: Route.MetaFunction = () => adminMeta('New Post')

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return loadEditor(request)
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request)
  return handleEditorAction(request)
}

export default function NewPost({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PostEditor
      {...loaderData}
      lastResult={actionData?.result}
      preview={actionData?.preview ?? null}
      schedulePassed={Boolean(actionData && 'schedulePassed' in actionData && actionData.schedulePassed)}
    />
  )
}
