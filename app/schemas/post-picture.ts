import { isSingleLine } from '~/lib/single-line'

import { z } from './z'

export const PICTURE_LIMITS = { alt: 250, caption: 300 } as const

/** The file input of the picture page (the upload itself is checked by the upload module: type, size, pixels). */
export const PICTURE_FILE_FIELD = 'picture_file'

/** What the alt text field says under itself, in the dialog and on the picture page. */
export const PICTURE_ALT_HINT =
  'Say what the picture shows, as you would to someone on the phone: “The new store’s counter with the menu board behind it”. Skip “photo of”, and leave out what the caption already says.'

export const PICTURE_CAPTION_HINT = 'Optional. Shown under the picture on the post.'

/** Alt text and caption of a picture in a post's body (the editor's dialog checks these in the browser). */
export const PictureDetailsSchema = z.object({
  alt: z
    .string({ error: 'Describe the picture in words (alt text)' })
    .trim()
    .min(1, { error: 'Describe the picture in words (alt text)' })
    .max(PICTURE_LIMITS.alt, { error: 'Alt text must be 250 characters or less' })
    .refine(isSingleLine, { error: 'Alt text must be one line of plain text' }),
  caption: z
    .string()
    .trim()
    .max(PICTURE_LIMITS.caption, { error: 'Caption must be 300 characters or less' })
    .refine(isSingleLine, { error: 'Caption must be one line of plain text' })
    .optional(),
})

/**
 * The picture page's form (the no-script way to add a picture): the uploaded
 * file's address, which only the server fills in from the file it stored, and
 * the details.
 */
export const PostPictureSchema = PictureDetailsSchema.extend({
  picture_url: z
    .string({ error: 'Choose a picture to upload' })
    .regex(/^\/uploads\/blog-images\/[0-9a-f-]{36}\.(?:jpg|png|webp|gif)$/, { error: 'Choose a picture to upload' }),
})
export type PostPictureValues = z.infer<typeof PostPictureSchema>
