import { Form, Link } from 'react-router'

import { requireAdmin } from '~/auth/session.server'
import { adminStyles } from '~/components/admin/adminStyles'
import { notFound, requireId } from '~/http/records.server'
import { redirectWithToast } from '~/http/toast.server'
import { adminMeta } from '~/lib/admin-meta'
import { formatStoreInstant } from '~/lib/publish-label'
import { diffLines, foldUnchanged } from '~/lib/text-diff'
import { restorePostRevision } from '~/models/post-editor.server'
import { getRevision } from '~/models/post-revisions.server'
import { getPostById } from '~/models/posts.server'
import { POST_STATUS_LABELS } from '~/schemas/post'

import type { Route } from './+types/admin.blog.$id.history.$revisionId'

export const meta: Route.MetaFunction = () => adminMeta('Post history')

/** The short fields a version holds, named as the editor names them. */
const FIELDS = [
  ['title', 'Title'],
  ['slug', 'Slug'],
  ['excerpt', 'Excerpt'],
  ['author', 'Author'],
  ['meta_title', 'Meta title'],
  ['meta_description', 'Meta description'],
  ['hero_image_url', 'Featured image'],
  ['hero_image_alt', 'Image description'],
  ['og_image_url', 'Social image'],
  ['status', 'Status'],
  ['published_at', 'Publish date'],
] as const

function shown(field: (typeof FIELDS)[number][0], value: string | null): string {
  if (value === null || value === '') return '(empty)'
  if (field === 'status') return POST_STATUS_LABELS[value as keyof typeof POST_STATUS_LABELS] ?? value
  if (field === 'published_at') return `${formatStoreInstant(value)} (Central)`
  return value
}

async function load(params: { id: string; revisionId: string }) {
  const id = requireId(params.id, 'Post')
  const revisionId = requireId(params.revisionId, 'Version')
  const [post, revision] = await Promise.all([getPostById(id), getRevision(id, revisionId)])
  if (!post) notFound('Post')
  if (!revision) notFound('Version')
  return { post, revision }
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const { post, revision } = await load(params)
  const fields = FIELDS.filter(([field]) => (revision[field] ?? '') !== (post[field] ?? '')).map(([field, label]) => ({
    label,
    then: shown(field, revision[field]),
    now: shown(field, post[field]),
  }))
  return {
    postId: post.id,
    title: post.title,
    savedAt: formatStoreInstant(revision.saved_at),
    savedBy: revision.saved_by,
    fields,
    body: foldUnchanged(diffLines(revision.content, post.content)),
    same: fields.length === 0 && revision.content === post.content,
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request)
  const { post, revision } = await load(params)
  const restored = await restorePostRevision(post.id, revision.id)
  if (!restored.ok) notFound('Version')
  return redirectWithToast(`/admin/blog/edit/${post.id}`, {
    type: 'success',
    title: 'Version restored',
    description: `The post has the words of ${formatStoreInstant(revision.saved_at)} again; its status and publish date are unchanged.${
      restored.slugKept ? ' Its address stays as it is: another post uses the old one.' : ''
    }`,
  })
}

const lineStyle = {
  same: 'text-ink-700',
  removed: 'bg-danger-50 text-danger-700 line-through decoration-danger-600/60',
  added: 'bg-success-50 text-success-700',
} as const
const marker = { same: ' ', removed: '−', added: '+' } as const
const spoken = { same: '', removed: 'Only in this version: ', added: 'Only in the current text: ' } as const

export default function PostHistory({ loaderData }: Route.ComponentProps) {
  const { postId, title, savedAt, savedBy, fields, body, same } = loaderData
  return (
    <main className={adminStyles.page}>
      <Link to={`/admin/blog/edit/${postId}`} className="text-sm font-semibold text-brand-800 underline">
        ← Back to the editor
      </Link>
      <h1 className={`${adminStyles.h1} mt-1 break-words`}>Version of {savedAt}</h1>
      <p className="mt-1 text-sm text-ink-700">
        “{title}” · saved by {savedBy ?? 'the site (no one signed in)'} · compared with the current post
      </p>

      {same ? (
        <p className={`${adminStyles.card} mt-4`}>This version is the same as the current post.</p>
      ) : (
        <>
          {fields.length > 0 ? (
            <section aria-labelledby="changed-fields" className={`${adminStyles.card} mt-4`}>
              <h2 id="changed-fields" className={adminStyles.h2}>
                Fields that differ
              </h2>
              <dl className="mt-3 space-y-3">
                {fields.map((field) => (
                  <div key={field.label} className="grid gap-1 sm:grid-cols-[10rem_1fr]">
                    <dt className="font-semibold text-ink-900">{field.label}</dt>
                    <dd className="min-w-0 space-y-1 text-sm [overflow-wrap:anywhere]">
                      <p>
                        <span className="font-semibold text-ink-600">This version: </span>
                        {field.then}
                      </p>
                      <p>
                        <span className="font-semibold text-ink-600">Now: </span>
                        {field.now}
                      </p>
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}

          <section aria-labelledby="body-changes" className={`${adminStyles.card} mt-4`}>
            <h2 id="body-changes" className={adminStyles.h2}>
              Content
            </h2>
            <p className="mt-1 text-sm text-ink-600">
              <span className="rounded bg-danger-50 px-1 text-danger-700">− struck lines</span> are in this version
              only; <span className="rounded bg-success-50 px-1 text-success-700">+ green lines</span> are in the
              current text only.
            </p>
            <div className="mt-3 overflow-x-auto rounded-md border border-cream-300 font-mono text-sm">
              {body.map((hunk, index) =>
                hunk.kind === 'folded' ? (
                  <p key={index} className="border-y border-cream-200 bg-cream-100 px-3 py-1 text-ink-600 italic">
                    {hunk.count} unchanged {hunk.count === 1 ? 'line' : 'lines'}
                  </p>
                ) : (
                  <div key={index}>
                    {hunk.lines.map((line, lineIndex) => (
                      <p key={lineIndex} className={`px-3 py-0.5 whitespace-pre-wrap ${lineStyle[line.kind]}`}>
                        <span aria-hidden="true" className="mr-2 select-none">
                          {marker[line.kind]}
                        </span>
                        {spoken[line.kind] ? <span className="sr-only">{spoken[line.kind]}</span> : null}
                        {line.text || '\u00a0'}
                      </p>
                    ))}
                  </div>
                ),
              )}
            </div>
          </section>
        </>
      )}

      <Form method="post" className={`${adminStyles.card} mt-4 flex flex-wrap items-center gap-3`}>
        <button type="submit" className={`${adminStyles.primary} min-h-11`}>
          Restore this version
        </button>
        <p className="text-sm text-ink-600">
          Brings back its words, address, SEO fields and images as a new save (the current text stays in the history).
          The status and publish date stay as they are.
        </p>
      </Form>
    </main>
  )
}
