import { lateShort, openShort } from '~/lib/store-hours'
import type { StoreFacts } from '~/schemas/settings'

/** Copy of the About page; the hours come from the store facts. */

export const STORY_POINTS = [
  'Fresh inventory updated daily',
  'Price match on all local dispensaries',
  'Loyalty points on every purchase',
  'Online ordering and curbside pickup',
]

export const FEATURE_TILES = [
  {
    icon: 'leaf',
    title: 'Fresh Inventory',
    text: 'New product arrives every day, so the shelves stay full and fresh.',
  },
  { icon: 'people', title: 'Friendly Budtenders', text: 'Knowledgeable staff who listen first and never rush you.' },
  { icon: 'loyalty', title: 'Loyalty Points', text: 'Every purchase earns points toward savings on your next visit.' },
  { icon: 'tag', title: 'Price Match', text: 'Found a lower price at a local dispensary? We will match it.' },
  { icon: 'vape', title: 'Attached Vape Store', text: 'Batteries, devices, glass and accessories right next door.' },
  {
    icon: 'shield',
    title: 'Medicinal Quality',
    text: 'Lab-tested products from licensed Oklahoma growers and processors.',
  },
]

export const badges = (store: StoreFacts) => [
  { icon: 'award', label: 'Best-Rated in Norman' },
  { icon: 'clock', label: openShort(store.hours) },
  { icon: 'cash', label: 'Cash Only + ATM On-Site' },
  { icon: 'tag', label: 'Price Match + Loyalty Points' },
]

/** The hours tile: 'Open late, every day' while that is true, else the late days, else just the hours. */
function hoursTile(store: StoreFacts) {
  const late = lateShort(store.hours)
  const title = late === 'Open late daily' ? 'Open late, every day' : (late ?? 'Hours that suit you')
  return { title, text: `${openShort(store.hours)}, so there is time to stop by.` }
}

export const differences = (store: StoreFacts) => [
  {
    title: 'Over 1,000 products',
    text: 'One of the widest selections in Norman, from budget-friendly shake to top-shelf flower.',
  },
  {
    title: 'Prices we stand behind',
    text: 'We price match against local dispensaries, and loyalty points make every visit count.',
  },
  {
    title: 'Time for every patient',
    text: 'Ask as many questions as you like. Our budtenders will walk you through your options.',
  },
  { title: 'Easy pickup', text: 'Order online and pick up curbside, or come in and browse at your own pace.' },
  hoursTile(store),
  { title: 'Local and independent', text: 'A Norman shop run by people who live here and know our patients by name.' },
]

export const PRODUCT_CATEGORIES = [
  'flower',
  'shake',
  'edibles',
  'prerolls',
  'cartridges',
  'disposables',
  'glass',
  'accessories',
]

export const FIRST_TIME_STEPS = [
  'Bring your valid Oklahoma medical marijuana patient card and a photo ID. A medical card is required for every visit.',
  'Bring cash, or use the ATM in the store.',
  'Get 15% off your entire purchase on your first visit (not combinable with other promotions).',
  'Sign up for loyalty points at the counter and start earning right away.',
]
