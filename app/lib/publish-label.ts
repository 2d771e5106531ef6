import type { PostStatus } from '~/db/types'

import { isoToStoreLocal, storeLocalToIso } from './time'

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** 'Dec 3, 9:00 AM' for the store's wall clock 'YYYY-MM-DDTHH:MM' (with the year when it is not this year's). */
export function formatStoreMoment(local: string, now: Date = new Date()): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local)
  if (!match) return local
  const [, year, month, day, hour, minute] = match
  const h = Number(hour)
  const clock = `${h % 12 === 0 ? 12 : h % 12}:${minute} ${h < 12 ? 'AM' : 'PM'}`
  const sameYear = isoToStoreLocal(now.toISOString()).slice(0, 4) === year
  return `${MONTHS[Number(month) - 1]} ${Number(day)}${sameYear ? '' : `, ${year}`}, ${clock}`
}

export type PublishOutcome = { kind: 'draft' } | { kind: 'held' } | { kind: 'public' } | { kind: 'later'; when: string }

/**
 * What saving a post with this status and publish date (the store's wall clock,
 * as the editor sends it) will do: a draft and a post marked "scheduled" stay
 * off the site; a published post is public now, or from its later date on.
 */
export function publishOutcome(status: PostStatus, local: string | undefined, now: Date = new Date()): PublishOutcome {
  if (status === 'draft') return { kind: 'draft' }
  if (status === 'scheduled') return { kind: 'held' }
  const iso = local ? storeLocalToIso(local) : null
  if (iso && new Date(iso).getTime() > now.getTime()) return { kind: 'later', when: formatStoreMoment(local!, now) }
  return { kind: 'public' }
}

/** The save button's words: named after what will happen. */
export function saveButtonLabel(outcome: PublishOutcome, alreadyPublic: boolean): string {
  switch (outcome.kind) {
    case 'draft':
      return 'Save draft'
    case 'held':
      return 'Save as scheduled'
    case 'later':
      return `Schedule for ${outcome.when}`
    case 'public':
      return alreadyPublic ? 'Update' : 'Publish'
  }
}

/** The toast's second sentence: whether the post is public. */
export function visibilitySentence(outcome: PublishOutcome, slug: string): string {
  switch (outcome.kind) {
    case 'draft':
      return 'It is a draft and not public.'
    case 'held':
      return 'It is marked scheduled and not public; choose Published with a later date to publish it then.'
    case 'later':
      return `It is not public yet: it goes live on ${outcome.when} (Central Time).`
    case 'public':
      return `It is public at /blog/${slug}.`
  }
}
