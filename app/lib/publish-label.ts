import type { PostStatus } from '~/db/types'

import { isoToStoreLocal, storeLocalToIso } from './time'

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']

/**
 * 'Dec 3, 9:00 AM' for the store's wall clock 'YYYY-MM-DDTHH:MM' (with the
 * year when it is not this year's); with `weekday`, 'Thu Dec 3, 9:00 AM'.
 */
export function formatStoreMoment(local: string, now: Date = new Date(), options: { weekday?: boolean } = {}): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local)
  if (!match) return local
  const [, year, month, day, hour, minute] = match
  const h = Number(hour)
  const clock = `${h % 12 === 0 ? 12 : h % 12}:${minute} ${h < 12 ? 'AM' : 'PM'}`
  const sameYear = isoToStoreLocal(now.toISOString()).slice(0, 4) === year
  const weekday = options.weekday
    ? `${WEEKDAYS[new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))).getUTCDay()]} `
    : ''
  return `${weekday}${MONTHS[Number(month) - 1]} ${Number(day)}${sameYear ? '' : `, ${year}`}, ${clock}`
}

/** The same for a stored ISO instant, read on the store's clock. */
export function formatStoreInstant(iso: string, now: Date = new Date(), options: { weekday?: boolean } = {}): string {
  return formatStoreMoment(isoToStoreLocal(iso), now, options)
}

/**
 * What a post is to staff. A post that waits for its time (Scheduled, or
 * Published with a later time) is "scheduled": nothing waiting is ever called
 * published. Visitors' rule is separate (isPubliclyVisible).
 */
export function staffStatus(
  post: { status: PostStatus; published_at: string | null },
  now: Date = new Date(),
): PostStatus {
  if (post.status === 'published' && post.published_at !== null && post.published_at > now.toISOString()) {
    return 'scheduled'
  }
  return post.status
}

export type PublishOutcome =
  | { kind: 'draft' }
  | { kind: 'public' }
  | { kind: 'later'; when: string }
  /** Scheduled without a time. */
  | { kind: 'no-time' }
  /** Scheduled for a time that has already passed: refused, never published silently. */
  | { kind: 'passed'; when: string }

/**
 * What saving a post with this status and publish time (the store's wall
 * clock, as the editor sends it) will do: a draft stays off the site; a
 * scheduled post, or a published one with a later time, goes live by itself
 * at that time; a published post with no time or a past one is public now.
 * Scheduled needs a time still ahead, unless it is the time the post is saved
 * with (`saved`, as the editor shows it): that time came while the editor was
 * open, and the post is public from it.
 */
export function publishOutcome(
  status: PostStatus,
  local: string | undefined,
  now: Date = new Date(),
  saved?: string,
): PublishOutcome {
  if (status === 'draft') return { kind: 'draft' }
  const iso = local ? storeLocalToIso(local) : null
  if (iso && new Date(iso).getTime() > now.getTime()) {
    return { kind: 'later', when: formatStoreMoment(local!, now, { weekday: true }) }
  }
  if (status === 'scheduled' && !(iso && local === saved)) {
    return iso ? { kind: 'passed', when: formatStoreMoment(local!, now, { weekday: true }) } : { kind: 'no-time' }
  }
  return { kind: 'public' }
}

/** The save button's words: named after what will happen. */
export function saveButtonLabel(outcome: PublishOutcome, alreadyPublic: boolean): string {
  switch (outcome.kind) {
    case 'draft':
      return 'Save draft'
    case 'later':
      return `Schedule for ${outcome.when}`
    case 'no-time':
    case 'passed':
      return 'Schedule'
    case 'public':
      return alreadyPublic ? 'Update' : 'Publish'
  }
}

/** The editor's plain-words line under the status and time. */
export function scheduleHint(outcome: PublishOutcome, alreadyPublic: boolean): string {
  switch (outcome.kind) {
    case 'draft':
      return 'A draft is not public.'
    case 'later':
      return `Goes live ${outcome.when} (Central Time), by itself.`
    case 'no-time':
      return 'Choose the date and time the post should go live.'
    case 'passed':
      return `${outcome.when} has already passed. Choose a later time, or publish the post now.`
    case 'public':
      return alreadyPublic ? 'This post is public.' : 'Public as soon as you save.'
  }
}

/** The server's answer to a Scheduled save without a time ahead. */
export const SCHEDULE_NEEDS_TIME_MESSAGE = 'Choose the date and time the post should go live'
export const SCHEDULE_PASSED_MESSAGE =
  'This time has already passed. Choose a later time to schedule the post, or use Publish now.'

/** The toast's second sentence: whether the post is public. */
export function visibilitySentence(outcome: PublishOutcome, slug: string): string {
  switch (outcome.kind) {
    case 'draft':
      return 'It is a draft and not public.'
    case 'later':
      return `It is not public yet: it goes live on ${outcome.when} (Central Time).`
    case 'no-time':
    case 'passed':
      return 'It is not public.'
    case 'public':
      return `It is public at /blog/${slug}.`
  }
}
