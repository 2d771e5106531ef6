import { z } from 'zod'

/**
 * What a field is called in a message, by its last name in the form. Fields not
 * listed read as their name with spaces ("postal_code" → "Postal code").
 */
const FIELD_LABELS: Record<string, string> = {
  category_ids: 'Categories',
  tag_ids: 'Tags',
  new_categories: 'New categories',
  new_tags: 'New tags',
  published_at: 'Publish date',
  hero_image_url: 'Featured image',
  og_image_url: 'Social image URL',
  meta_title: 'Meta title',
  meta_description: 'Meta description',
  logo_url: 'Logo URL',
  site_url: 'Website URL',
  image_url: 'Image URL',
  is_featured: 'Featured',
  is_active: 'Active',
  sort_order: 'Sort order',
  start_date: 'Start date',
  end_date: 'End date',
  confirmPassword: 'Password confirmation',
  redirectTo: 'Return address',
  region: 'State',
  postal_code: 'ZIP code',
  maps_url: 'Maps link',
  map_embed_url: 'Map embed address',
  directions_url: 'Directions link',
  website_url: 'Website',
  review_url: 'Review link',
  listing_url: 'Listing page',
  rating_source_url: 'Rating source page',
  review_count: 'Number of reviews',
  live_menu_url: 'Live menu address',
  contact_email: 'Contact email',
  brand_name: 'Brand name',
  social: 'Social links',
  stores: 'Stores',
  hours: 'Opening hours',
  opens: 'Opening time',
  closes: 'Closing time',
  closed: 'Closed',
  Lindsey: 'Lindsey store',
  BlueWater: 'Blue Water store',
}

export function fieldLabel(path: ReadonlyArray<PropertyKey>): string {
  const key = [...path].reverse().find((part): part is string => typeof part === 'string')
  if (!key) return 'This form'
  const label = FIELD_LABELS[key] ?? key.replace(/_/g, ' ')
  return label.charAt(0).toUpperCase() + label.slice(1)
}

const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'checked or unchecked',
  array: 'a list of choices',
  object: 'filled in as a group of fields',
  date: 'a date',
}

/**
 * The words for a problem no schema gave its own message for: a sentence
 * naming the field, never zod's "Invalid input: expected string, received
 * undefined". Form schemas give their own messages for what a person can type;
 * this covers the rest (a field missing from a hand-made request, a list where
 * one value belongs).
 */
function fallbackMessage(issue: {
  code?: string
  path?: ReadonlyArray<PropertyKey>
  input?: unknown
  expected?: string
  origin?: string
}): string {
  // Stryker disable next-line ArrayDeclaration: equivalent mutant (a list holding text for the missing path): zod always gives the path ([] for the whole form)
  const label = fieldLabel(issue.path ?? [])
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') return `${label} is required`
      return `${label} must be ${KINDS[issue.expected ?? ''] ?? 'filled in'}`
    case 'too_small':
      return `${label} is too short or too small`
    case 'too_big':
      return `${label} is too long or too large`
    case 'invalid_value':
      return `${label}: choose one of the options offered`
    case 'invalid_format':
      return `${label} is not in the expected format`
    case 'not_multiple_of':
      return `${label} must be a whole step of the allowed values`
    default:
      return `${label} needs a different value`
  }
}

/**
 * zod for the form schemas. zod 4 compiles object parsers with `new Function`
 * when it may; in the browser the probe alone trips the Content-Security-Policy
 * (no 'unsafe-eval'), so parse without it. Importing zod only here keeps it off
 * pages that have no form.
 */
z.config({ jitless: true, customError: fallbackMessage })

export { z }
