import { POST_STATUSES } from '~/db/types'
import { isPlainMultilineText, isSingleLine } from '~/lib/single-line'
import { isImageAddress } from '~/lib/site-path'
import { slugify } from '~/lib/slug'
import { storeLocalToIso } from '~/lib/time'

import { z } from './z'

/** Post field limits (characters). */
export const POST_LIMITS = {
  title: 200,
  slug: 200,
  excerpt: 500,
  content: 100000,
  meta_title: 60,
  meta_description: 160,
  author: 100,
  url: 2000,
  new_names: 500,
  image_alt: 250,
} as const

export const POST_STATUS_LABELS: Record<(typeof POST_STATUSES)[number], string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
}

/** A path on this site (uploads) or a full https:// address. */
const imageUrl = z
  .string()
  .trim()
  .max(POST_LIMITS.url, { error: 'Image address is too long' })
  .refine(isImageAddress, {
    error: 'Enter a full address starting with https:// or an uploaded image path',
  })
  .optional()

const idList = z.array(z.coerce.number().int().positive()).optional().default([])

/** A post's markdown body: never longer than POST_LIMITS.content. */
function postBody(missing?: string) {
  return z
    .string(missing ? { error: missing } : undefined)
    .max(POST_LIMITS.content, { error: 'Content must be less than 100000 characters' })
}

/** A date and time as a date-time field sends it, "2026-11-29T09:00". */
const LOCAL_DATE_TIME_LENGTH = 16

/**
 * The post editor form. Strings arrive trimmed; empty optional fields are
 * undefined (conform). The slug is normalised by `slugify`; an empty
 * slug is filled from the title by the server.
 */
export const PostSchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, { error: 'Title is required' })
    .max(POST_LIMITS.title, { error: 'Title must be less than 200 characters' })
    .refine(isSingleLine, { error: 'Title must be one line of plain text' }),
  slug: z
    .string()
    .trim()
    .max(POST_LIMITS.slug, { error: 'Slug must be less than 200 characters' })
    .transform((value) => slugify(value))
    .optional(),
  excerpt: z
    .string()
    .trim()
    .max(POST_LIMITS.excerpt, { error: 'Excerpt must be less than 500 characters' })
    .refine(isPlainMultilineText, { error: 'Excerpt must be plain text (line breaks are fine)' })
    .optional(),
  content: postBody().optional().default(''),
  meta_title: z
    .string()
    .trim()
    .max(POST_LIMITS.meta_title, { error: 'Meta title must be 60 characters or less' })
    .refine(isSingleLine, { error: 'Meta title must be one line of plain text' })
    .optional(),
  meta_description: z
    .string()
    .trim()
    .max(POST_LIMITS.meta_description, { error: 'Meta description must be 160 characters or less' })
    .refine(isPlainMultilineText, { error: 'Meta description must be plain text' })
    .optional(),
  hero_image_alt: z
    .string({ error: 'Describe the featured image in words' })
    .trim()
    .max(POST_LIMITS.image_alt, { error: 'Image description must be 250 characters or less' })
    .refine(isSingleLine, { error: 'Image description must be one line of plain text' })
    .optional(),
  og_image_url: imageUrl,
  hero_image_url: imageUrl,
  status: z.enum(POST_STATUSES, { error: 'Choose draft, scheduled or published' }).default('draft'),
  published_at: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: 'Enter a valid date and time', abort: true })
    // The shape alone lets 30 February or 24:00 through, which would publish the post now, unasked.
    .refine((local) => storeLocalToIso(local) !== null, { error: 'Enter a valid date and time' })
    .optional(),
  author: z
    .string()
    .trim()
    .max(POST_LIMITS.author, { error: 'Author must be less than 100 characters' })
    .refine(isSingleLine, { error: 'Author must be one line of plain text' })
    .optional(),
  category_ids: idList,
  tag_ids: idList,
  new_categories: z.string().max(POST_LIMITS.new_names, { error: 'Too many new categories at once' }).optional(),
  new_tags: z.string().max(POST_LIMITS.new_names, { error: 'Too many new tags at once' }).optional(),
})
export type PostFormValues = z.infer<typeof PostSchema>

/** Splits "Edibles, Wellness , ,News" into distinct trimmed names. */
export function splitNames(raw: string | undefined): string[] {
  const names = (raw ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name.length > 0 && name.length <= 100)
  const bySlug = new Map<string, string>()
  for (const name of names) {
    const slug = slugify(name)
    if (slug && !bySlug.has(slug)) bySlug.set(slug, name)
  }
  return [...bySlug.values()]
}

/** One field of the preview: what was typed, trimmed and cut to its limit; anything else reads as empty. */
const typed = (max: number) =>
  z
    .string()
    .catch('')
    .transform((value) => value.trim().slice(0, max))

/**
 * What the editor's preview reads from the form as it stands. It draws a
 * half-written post, so no field is required and nothing typed is refused,
 * except a body longer than any post may be.
 */
export const PostPreviewSchema = z.object({
  title: typed(POST_LIMITS.title),
  slug: typed(POST_LIMITS.slug),
  author: typed(POST_LIMITS.author),
  status: z.enum(POST_STATUSES).catch('draft'),
  published_at: typed(LOCAL_DATE_TIME_LENGTH),
  hero_image_url: typed(POST_LIMITS.url),
  hero_image_alt: typed(POST_LIMITS.image_alt),
  content: postBody('The preview request could not be read'),
  category_ids: z.array(z.string()).catch([]),
  tag_ids: z.array(z.string()).catch([]),
  new_categories: typed(POST_LIMITS.new_names),
  new_tags: typed(POST_LIMITS.new_names),
})
export type PostPreviewInput = z.output<typeof PostPreviewSchema>

/** The preview's fields from a posted form (the lists by every value sent under their name). */
export function previewFields(formData: FormData): Record<string, unknown> {
  return {
    ...Object.fromEntries(formData),
    category_ids: formData.getAll('category_ids'),
    tag_ids: formData.getAll('tag_ids'),
  }
}
