import { PostEditor } from '~/components/admin/PostEditor'
import { adminMeta } from '~/lib/admin-meta'
import type { Route } from './+types/admin.blog.new'
import { handleEditorAction, loadEditor } from './admin.blog.editor.server'

export const meta: Route.MetaFunction = () => adminMeta('New Post')

export async function loader({ request }: Route.LoaderArgs) {
  return loadEditor(request)
}

export async function action({ request }: Route.ActionArgs) {
  return handleEditorAction(request)
}

export default function NewPost({ loaderData, actionData }: Route.ComponentProps) {
  return <PostEditor {...loaderData} lastResult={actionData?.result} previewHtml={actionData?.previewHtml ?? null} />
}
