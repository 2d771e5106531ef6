import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useState } from 'react'
import { Form, Link } from 'react-router'

import { requireAdmin } from '~/auth/session.server'
import { adminStyles } from '~/components/admin/adminStyles'
import { PICTURE_TYPES, PictureTextFields } from '~/components/admin/PictureDialog'
import { ErrorList } from '~/components/forms'
import { adminMeta } from '~/lib/admin-meta'
import { PICTURE_FILE_FIELD, PostPictureSchema } from '~/schemas/post-picture'

import type { Route } from './+types/admin.blog.pictures'
import { handlePictureUpload } from './admin.blog.pictures.server'

const BrowserSchema = PostPictureSchema.partial({ picture_url: true })

export const meta: Route.MetaFunction = () => adminMeta('Add a picture')

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return null
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request)
  return handlePictureUpload(request)
}

/**
 * The way to put a picture in a post without JavaScript: the editor links
 * here in a new tab, so the post being written stays as it is. The picture is
 * uploaded with its alt text and caption, and the page answers with the
 * markdown line to copy into the post.
 */
export default function PostPictures({ actionData }: Route.ComponentProps) {
  const picture = actionData?.picture ?? null
  const [hydrated, setHydrated] = useState(false)
  const [copied, setCopied] = useState(false)
  useEffect(() => setHydrated(true), [])
  useEffect(() => setCopied(false), [picture])

  const [form, fields] = useForm({
    id: 'post-picture',
    lastResult: actionData?.result,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate({ formData }) {
      // The file's address is the server's to fill in; the browser checks the words.
      return parseWithZod(formData, { schema: BrowserSchema })
    },
  })

  return (
    <main className="mx-auto w-full max-w-2xl">
      <Link to="/admin/blog" className="text-sm font-semibold text-brand-800 underline">
        ← All posts
      </Link>
      <h1 className={`${adminStyles.h1} mt-1`}>Add a picture to a post</h1>
      <p className="mt-2 text-ink-700">
        Upload a picture with its alt text, then copy the line this page gives you into the post’s content, where the
        picture should go. The post you are writing stays as you left it in its own tab.
      </p>

      {picture ? (
        <section aria-labelledby="picture-done" className={`${adminStyles.card} mt-4 space-y-3 border-success-700`}>
          <h2 id="picture-done" className={adminStyles.h2}>
            Picture uploaded
          </h2>
          <img
            src={picture.url}
            alt={picture.alt}
            width={picture.width ?? undefined}
            height={picture.height ?? undefined}
            className="h-auto max-h-64 w-auto max-w-full rounded border border-cream-300"
          />
          <div>
            <label htmlFor="picture-markdown" className={adminStyles.label}>
              Line to copy into the post
            </label>
            <textarea
              id="picture-markdown"
              readOnly
              rows={3}
              value={picture.markdown}
              aria-describedby="picture-markdown-hint"
              onFocus={(event) => event.currentTarget.select()}
              className={`${adminStyles.input} font-mono text-sm [field-sizing:content]`}
            />
            <p id="picture-markdown-hint" className={adminStyles.hint}>
              Paste it on a line of its own, with an empty line before and after it.
            </p>
            {hydrated ? (
              <button
                type="button"
                className={`${adminStyles.secondary} mt-2 min-h-11`}
                onClick={() => {
                  void navigator.clipboard?.writeText(picture.markdown).then(
                    () => setCopied(true),
                    () => setCopied(false),
                  )
                }}
              >
                {copied ? 'Copied' : 'Copy line'}
              </button>
            ) : null}
          </div>
        </section>
      ) : null}

      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className={`${adminStyles.card} mt-4 space-y-4`}
      >
        <h2 className={adminStyles.h2}>{picture ? 'Another picture' : 'Picture'}</h2>
        <div>
          <label htmlFor="picture-file" className={adminStyles.label}>
            Picture file
          </label>
          <input
            id="picture-file"
            name={PICTURE_FILE_FIELD}
            type="file"
            accept={PICTURE_TYPES.join(',')}
            aria-invalid={fields.picture_url.errors ? true : undefined}
            aria-describedby={`picture-file-hint${fields.picture_url.errors ? ` ${fields.picture_url.errorId}` : ''}`}
            className="mt-1 block w-full min-w-0 text-sm text-ink-900 file:mr-3 file:rounded-md file:border file:border-ink-500 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-ink-900 hover:file:bg-cream-100"
          />
          <p id="picture-file-hint" className={adminStyles.hint}>
            JPEG, PNG, WebP or GIF, up to 5 MB.
          </p>
          <ErrorList id={fields.picture_url.errorId} errors={fields.picture_url.errors} />
        </div>
        <PictureTextFields alt={fields.alt} caption={fields.caption} />
        <button type="submit" className={`${adminStyles.primary} min-h-11`}>
          Upload picture
        </button>
      </Form>
    </main>
  )
}
