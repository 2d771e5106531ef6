import { z } from 'zod'

/**
 * The contact form of spec §2.13 with the exact messages of spec §5. One schema,
 * used by the browser (conform's onValidate) and by the action.
 */

/** The four topics of spec §2.13 (the same values as INQUIRY_TOPICS in the inquiries model). */
export const CONTACT_TOPICS = [
  { value: 'product-suggestion', label: 'Product Suggestion' },
  { value: 'career', label: 'Career Opportunity' },
  { value: 'review', label: 'Review Feedback' },
  { value: 'general', label: 'General Question' },
] as const

export type ContactTopic = (typeof CONTACT_TOPICS)[number]['value']

const TOPIC_VALUES = CONTACT_TOPICS.map((t) => t.value) as [ContactTopic, ...ContactTopic[]]

export function topicLabel(value: string): string {
  return CONTACT_TOPICS.find((t) => t.value === value)?.label ?? value
}

/** The hidden honeypot field: real visitors leave it present and empty. */
export const HONEYPOT_FIELD = 'company'

export const ContactSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, { error: 'Name is required' })
    .max(100, { error: 'Name must be less than 100 characters' }),
  email: z
    .string({ error: 'Invalid email address' })
    .trim()
    .pipe(z.email({ error: 'Invalid email address' }).max(255, { error: 'Email must be less than 255 characters' })),
  phone: z
    .string()
    .trim()
    .max(20, { error: 'Phone must be less than 20 characters' })
    .optional()
    .transform((v) => v ?? ''),
  topic: z.enum(TOPIC_VALUES, { error: 'Please select a topic' }),
  message: z
    .string({ error: 'Message must be at least 10 characters' })
    .trim()
    .min(10, { error: 'Message must be at least 10 characters' })
    .max(5000, { error: 'Message must be less than 5000 characters' }),
})

export type ContactMessage = z.output<typeof ContactSchema>
