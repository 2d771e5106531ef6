import { parseWithZod } from '@conform-to/zod/v4'

import { type PostFormValues, PostSchema } from '~/schemas/post'

/**
 * The post editor's fields (a list for a field sent more than once, such as
 * tags) as its action reads them: parsed by PostSchema. Throws when the form
 * would be refused, so a test's own input mistakes fail loudly.
 */
export function postFormValues(fields: Record<string, string | string[]>): PostFormValues {
  const data = new FormData()
  for (const [key, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) data.append(key, v)
  }
  const submission = parseWithZod(data, { schema: PostSchema })
  if (submission.status !== 'success') throw new Error(JSON.stringify(submission.error))
  return submission.value
}
