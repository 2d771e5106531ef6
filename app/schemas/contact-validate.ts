import { parseWithZod } from '@conform-to/zod/v4'

import { ContactSchema } from './contact'

/**
 * The browser's check of the contact form, with the server's schema. The form
 * imports this module on first interaction, so the page itself loads no zod.
 */
export function validateContact(formData: FormData) {
  return parseWithZod(formData, { schema: ContactSchema })
}
