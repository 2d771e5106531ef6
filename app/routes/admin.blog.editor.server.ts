import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'

import { config } from '~/config.server'
import { notFound, requireId } from '~/http/records.server'
import { redirectWithToast } from '~/http/toast.server'
import { defaultImageAlt } from '~/lib/image-alt'
import { formatStoreInstant, publishOutcome, staffStatus, visibilitySentence } from '~/lib/publish-label'
import { RECORD_LISTS } from '~/lib/record-lists'
import { isoToStoreLocal } from '~/lib/time'
import { previewPostPage, savePostFromEditor, slugFor } from '~/models/post-editor.server'
import { listRevisions } from '~/models/post-revisions.server'
import { getPostById } from '~/models/posts.server'
import { getSettings } from '~/models/settings.server'
import { listCategories, listCategoriesOfPost, listTags, listTagsOfPost } from '~/models/taxonomy.server'
import { deleteImageIfUnreferenced, readFormWithImage, storeImage } from '~/models/upload-files.server'
import { PostPreviewSchema, PostSchema, previewFields } from '~/schemas/post'

/** A kept version as the editor's History lists it. */
export interface EditorRevision {
  id: number
  savedAt: string
  savedBy: string | null
  title: string
}

/** (Callers have called requireAdmin.) Everything the editor needs: the post's values (or a new post's defaults), categories and tags. */
export async function loadEditor(request: Request, rawId?: string) {
  const id = rawId === undefined ? undefined : requireId(rawId, 'Post')
  const [settings, categories, tags] = await Promise.all([getSettings(), listCategories(), listTags()])
  const defaultAuthor = `${settings.brand_name} Team`
  if (id === undefined) {
    return {
      postId: null,
      revisions: [] as EditorRevision[],
      alreadyPublic: false,
      imageMessages: RECORD_LISTS.post.uploadMessages,
      savedSlug: null,
      defaultAuthor,
      categories,
      tags,
      defaults: { status: 'draft', author: defaultAuthor, category_ids: [] as string[], tag_ids: [] as string[] },
    }
  }
  const post = await getPostById(id)
  if (!post) notFound('Post')
  const [postCategories, postTags, revisions] = await Promise.all([
    listCategoriesOfPost(id),
    listTagsOfPost(id),
    listRevisions(id),
  ])
  return {
    postId: post.id,
    revisions: revisions.map((revision): EditorRevision => ({
      id: revision.id,
      savedAt: formatStoreInstant(revision.saved_at),
      savedBy: revision.saved_by,
      title: revision.title,
    })),
    alreadyPublic:
      post.status === 'published' && post.published_at !== null && post.published_at <= new Date().toISOString(),
    imageMessages: RECORD_LISTS.post.uploadMessages,
    savedSlug: post.slug,
    defaultAuthor,
    categories,
    tags,
    defaults: {
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt ?? '',
      content: post.content,
      meta_title: post.meta_title ?? '',
      meta_description: post.meta_description ?? '',
      og_image_url: post.og_image_url ?? '',
      hero_image_url: post.hero_image_url ?? '',
      hero_image_alt: post.hero_image_alt ?? (post.hero_image_url ? defaultImageAlt(post.title) : ''),
      // A published post with a later time waits: to staff it is scheduled.
      status: staffStatus(post),
      published_at: isoToStoreLocal(post.published_at),
      author: post.author,
      category_ids: postCategories.map((c) => String(c.id)),
      tag_ids: postTags.map((t) => String(t.id)),
    },
  }
}

/**
 * Save (or, for the no-JavaScript "Preview" button, render the markdown
 * preview without saving). The body is multipart because of the featured image.
 */
export async function handleEditorAction(request: Request, rawId?: string) {
  const id = rawId === undefined ? undefined : requireId(rawId, 'Post')
  if (id !== undefined && !(await getPostById(id))) notFound('Post')

  const { formData, image, error } = await readFormWithImage(request, {
    bucket: 'blog-images',
    fileField: 'hero_image_file',
    messages: RECORD_LISTS.post.uploadMessages,
  })
  if (image) formData.set('hero_image_url', image.url)
  const submission = parseWithZod(formData, { schema: PostSchema })

  if (error) {
    return data(
      { result: submission.reply({ fieldErrors: { hero_image_url: [error] } }), preview: null },
      { status: 400 },
    )
  }

  if (formData.get('intent') === 'preview') {
    // The post page as visitors will see it, drawn from the form as it stands: nothing is saved.
    // A body too long for any post draws no preview; the form shows why beside the field.
    const form = PostPreviewSchema.safeParse(previewFields(formData))
    const settings = await getSettings()
    const preview = form.success
      ? await previewPostPage(form.data, { brandName: settings.brand_name, siteUrl: config().SITE_URL })
      : null
    return { result: submission.reply(), preview }
  }

  if (submission.status !== 'success') {
    return data({ result: submission.reply(), preview: null }, { status: 400 })
  }

  // The image is stored only now that the form is valid (a refused form or a preview leaves nothing behind).
  if (image && !(await storeImage(image))) {
    return data(
      {
        result: submission.reply({ fieldErrors: { hero_image_url: [RECORD_LISTS.post.uploadMessages.failed] } }),
        preview: null,
      },
      { status: 400 },
    )
  }
  const settings = await getSettings()
  const saved = await savePostFromEditor({
    id,
    values: submission.value,
    brandName: settings.brand_name,
    publishNow: formData.get('intent') === 'publish-now',
  })
  if (!saved.ok) {
    if (image) await deleteImageIfUnreferenced(image.url)
    if (saved.notFound) notFound('Post')
    return data(
      {
        result: submission.reply({ fieldErrors: saved.fieldErrors }),
        preview: null,
        schedulePassed: saved.schedulePassed ?? false,
      },
      { status: 400 },
    )
  }

  return redirectWithToast('/admin/blog', {
    type: 'success',
    title: saved.created ? 'Post created' : 'Post updated',
    // The saved message says at once whether the post can be seen on the site.
    description: `Your blog post has been saved successfully. ${visibilitySentence(
      publishOutcome(saved.status, isoToStoreLocal(saved.published_at) || undefined),
      slugFor(submission.value),
    )}`,
  })
}
