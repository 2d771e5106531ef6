import { isPlainMultilineText, isSingleLine } from '~/lib/single-line'

/**
 * The contact form (name, email, optional phone, topic, message) with its exact
 * messages. One schema,
 * used by the browser (conform's onValidate) and by the action.
 */
// Plain constants live in a zod-free module so the form can render without loading zod.
import { CONTACT_TOPICS } from './contact-fields'
import { z } from './z'
export { CONTACT_TOPICS, type ContactTopic, HONEYPOT_FIELD, topicLabel } from './contact-fields'
import type { ContactTopic } from './contact-fields'

const TOPIC_VALUES = CONTACT_TOPICS.map((t) => t.value) as [ContactTopic, ...ContactTopic[]]

export const ContactSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, { error: 'Name is required' })
    .max(100, { error: 'Name must be less than 100 characters' })
    // A line break here could forge lines of the staff notification.
    .refine(isSingleLine, { error: 'Name must be one line of plain text' }),
  email: z
    // An empty field reaches the schema as missing (conform drops empty strings).
    .string({ error: 'Email is required' })
    .trim()
    .min(1, { error: 'Email is required' })
    // z.email() already refuses line breaks and control characters.
    .pipe(z.email({ error: 'Invalid email address' }).max(255, { error: 'Email must be less than 255 characters' })),
  phone: z
    .string()
    .trim()
    .max(20, { error: 'Phone must be less than 20 characters' })
    .refine(isSingleLine, { error: 'Phone must be one line of plain text' })
    .optional()
    .transform((v) => v ?? ''),
  topic: z.enum(TOPIC_VALUES, { error: 'Please select a topic' }),
  message: z
    .string({ error: 'Message must be at least 10 characters' })
    .trim()
    .min(10, { error: 'Message must be at least 10 characters' })
    .max(5000, { error: 'Message must be less than 5000 characters' })
    .refine(isPlainMultilineText, { error: 'Message must be plain text (line breaks are fine)' }),
})

export type ContactMessage = z.output<typeof ContactSchema>
