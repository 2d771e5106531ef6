import type { Kysely } from 'kysely'

import { db as appDb } from '~/db/db.server'
import type { Database } from '~/db/types'
import { applyImageSizes, htmlToPlainText, type ImageSize, renderMarkdownWithImages } from '~/lib/markdown.server'
import { readMinutes } from '~/lib/reading-time'
import { parseUploadUrl } from '~/lib/upload-buckets'
import { publicImageSize } from '~/models/public-images.server'

/**
 * What a post's markdown turns into, computed when the post is written (create,
 * update, seed, the upkeep after a migration, `npm run posts:render`) and stored beside
 * it, so a page view reads HTML and does no markdown work. The editor preview
 * calls the same function, so it shows what the page will show.
 */

/** Characters of plain text kept for the description fallback (the page uses 160). */
export const CONTENT_SUMMARY_LENGTH = 300

export interface PostContent {
  /** Sanitised HTML; every image of ours carries its width and height. */
  content_html: string
  /** The start of the body's plain text. */
  content_summary: string
  read_minutes: number
}

/** A database to read upload sizes from: the app's, a transaction's or a test's. */
export type Reader = Kysely<Database>

const LOOKUP_CHUNK = 500

/**
 * Width and height of the images a post shows, where known: our uploads from
 * their stored dimensions, files in public/ from their headers. Other images
 * (other sites) are left out; the article styles reserve a 16:9 box for them.
 */
export async function imageSizesFor(sources: string[], reader: Reader = appDb()): Promise<Map<string, ImageSize>> {
  const sizes = new Map<string, ImageSize>()
  const uploads = new Map<string, string>()
  for (const src of sources) {
    const upload = parseUploadUrl(src)
    if (upload) {
      uploads.set(`${upload.bucket}/${upload.fileName}`, src)
      continue
    }
    // Answers null for any address outside /images/ and /brands/.
    const size = publicImageSize(src)
    if (size) sizes.set(src, size)
  }
  const keys = [...uploads.keys()]
  while (keys.length > 0) {
    const names = keys.splice(0, LOOKUP_CHUNK).map((key) => key.slice(key.indexOf('/') + 1))
    const rows = await reader
      .selectFrom('uploads')
      .select((eb) => [
        'bucket',
        'file_name',
        'width',
        'height',
        // Stored with its narrower copies (every upload since they exist, unless a GIF or one that could not be decoded).
        eb
          .exists(
            eb.selectFrom('upload_variants').select('upload_variants.id').whereRef('upload_id', '=', 'uploads.id'),
          )
          .as('copies'),
      ])
      .where('file_name', 'in', names)
      .execute()
    for (const row of rows) {
      const src = uploads.get(`${row.bucket}/${row.file_name}`)
      if (src && row.width && row.height) {
        sizes.set(src, { width: row.width, height: row.height, copies: Boolean(row.copies) })
      }
    }
  }
  return sizes
}

/**
 * The first `length` characters of `text`, never cutting a surrogate pair. A
 * shorter text is kept whole: it has no character at `length - 1` to test.
 */
function cut(text: string, length: number): string {
  const end = /[\uD800-\uDBFF]/.test(text[length - 1]) ? length - 1 : length
  return text.slice(0, end)
}

/** Renders a post's markdown once: sanitised HTML with image sizes, a plain-text summary, read minutes. */
export async function renderPostContent(markdown: string, reader: Reader = appDb()): Promise<PostContent> {
  const content = markdown ?? ''
  const { html, images } = renderMarkdownWithImages(content)
  const sized = applyImageSizes(html, await imageSizesFor(images, reader))
  return {
    content_html: sized,
    content_summary: cut(htmlToPlainText(sized), CONTENT_SUMMARY_LENGTH),
    read_minutes: readMinutes(content),
  }
}

/**
 * A post's stored HTML and summary. A row written behind the app's back (raw
 * SQL, or content changed without its HTML: a trigger then clears the HTML) is
 * rendered here once and stored, so the next view reads it.
 */
export async function storedPostContent(post: {
  id: number
  content_html: string | null
  content_summary: string | null
}): Promise<{ html: string; summary: string }> {
  if (post.content_html !== null && post.content_summary !== null) {
    return { html: post.content_html, summary: post.content_summary }
  }
  const row = await appDb().selectFrom('posts').select('content').where('id', '=', post.id).executeTakeFirst()
  const content = row?.content ?? ''
  const rendered = await renderPostContent(content)
  try {
    await appDb()
      .updateTable('posts')
      .set({ content_html: rendered.content_html, content_summary: rendered.content_summary })
      .where('id', '=', post.id)
      .where('content', '=', content)
      .execute()
  } catch (error) {
    // A read-only database still serves the page.
    console.error('Could not store a rendered post', error)
  }
  return { html: rendered.content_html, summary: rendered.content_summary }
}

/** Post ids read per query by renderAllPosts. */
const RENDER_BATCH = 100

/**
 * Renders every post again and stores the result (`npm run posts:render`, and
 * the upkeep a migration asks for: app/models/upkeep.server.ts): after a change
 * to the renderer or its allow-list, or to an image a post shows. Posts are
 * read a batch of ids at a time and rendered one by one. Returns how many posts
 * were rendered.
 */
export async function renderAllPosts(reader: Reader = appDb(), options: { onlyMissing?: boolean } = {}) {
  let rendered = 0
  let after = 0
  for (;;) {
    let query = reader.selectFrom('posts').select('id').where('id', '>', after).orderBy('id').limit(RENDER_BATCH)
    if (options.onlyMissing) query = query.where('content_html', 'is', null)
    const ids = (await query.execute()).map((row) => row.id)
    if (ids.length === 0) return rendered
    for (const id of ids) if (await renderOne(reader, id)) rendered++
    after = ids[ids.length - 1]
  }
}

async function renderOne(reader: Reader, id: number): Promise<boolean> {
  const row = await reader.selectFrom('posts').select('content').where('id', '=', id).executeTakeFirst()
  if (!row) return false
  try {
    const { content_html, content_summary } = await renderPostContent(row.content, reader)
    await reader
      .updateTable('posts')
      .set({ content_html, content_summary })
      .where('id', '=', id)
      .where('content', '=', row.content)
      .execute()
    return true
  } catch (error) {
    // Left empty, the post is rendered on its next view instead.
    console.error(`Could not render post ${id}`, error)
    return false
  }
}
