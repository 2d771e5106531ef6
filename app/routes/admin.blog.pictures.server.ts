import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'

import { imageDimensions } from '~/lib/image-type'
import { pictureMarkdown } from '~/lib/post-picture'
import { RECORD_LISTS } from '~/lib/record-lists'
import { readFormWithImage, storeImage } from '~/models/upload-files.server'
import { PICTURE_FILE_FIELD, PostPictureSchema } from '~/schemas/post-picture'

/** A picture stored for a post's body, and the line that shows it. */
export interface UploadedPicture {
  url: string
  width: number | null
  height: number | null
  alt: string
  caption: string | null
  markdown: string
}

/**
 * (Callers have called requireAdmin.) The picture page's form: the file goes
 * through the upload pipeline of every post image (type from its bytes, 5 MB,
 * pixel limits, re-encoded with its narrower copies), and is stored only when
 * the alt text and caption are valid too. The answer carries the markdown
 * line to copy into the post; any refusal is a 400 with its message beside
 * the field it is about.
 */
export async function handlePictureUpload(request: Request) {
  const { formData, image, error } = await readFormWithImage(request, {
    bucket: 'blog-images',
    fileField: PICTURE_FILE_FIELD,
    messages: RECORD_LISTS.post.uploadMessages,
  })
  // The address is the server's to fill in, from the file it read; never one sent with the form.
  formData.delete('picture_url')
  if (image) formData.set('picture_url', image.url)
  const submission = parseWithZod(formData, { schema: PostPictureSchema })
  if (error) {
    return data({ result: submission.reply({ fieldErrors: { picture_url: [error] } }), picture: null }, { status: 400 })
  }
  if (submission.status !== 'success' || !image) {
    return data({ result: submission.reply(), picture: null }, { status: 400 })
  }
  if (!(await storeImage(image))) {
    return data(
      {
        result: submission.reply({ fieldErrors: { picture_url: [RECORD_LISTS.post.uploadMessages.failed] } }),
        picture: null,
      },
      { status: 400 },
    )
  }
  const size = image.processed?.main ?? imageDimensions(image.bytes)
  const { alt, caption } = submission.value
  const picture: UploadedPicture = {
    url: image.url,
    width: size?.width ?? null,
    height: size?.height ?? null,
    alt,
    caption: caption ?? null,
    markdown: pictureMarkdown({ url: image.url, alt, caption }),
  }
  // The form starts empty again, ready for the next picture.
  return { result: submission.reply({ resetForm: true }), picture }
}
