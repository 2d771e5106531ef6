/** The contact form's fixed parts, without zod. The schema is in ./contact.ts. */

/** The four contact topics (an inquiry's topic in the database is one of these). */
export const CONTACT_TOPICS = [
  { value: 'product-suggestion', label: 'Product Suggestion' },
  { value: 'career', label: 'Career Opportunity' },
  { value: 'review', label: 'Review Feedback' },
  { value: 'general', label: 'General Question' },
] as const

export type ContactTopic = (typeof CONTACT_TOPICS)[number]['value']

export function topicLabel(value: string): string {
  return CONTACT_TOPICS.find((t) => t.value === value)?.label ?? value
}

/** The hidden honeypot field: real visitors leave it present and empty. */
export const HONEYPOT_FIELD = 'company'
