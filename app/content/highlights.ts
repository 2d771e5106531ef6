import { hoursPhrase, lateShort } from '~/lib/store-hours'
import type { StoreFacts } from '~/schemas/settings'

/** The five value highlights of the home page (its fourth section). */
export interface Highlight {
  icon: 'variety' | 'price' | 'service' | 'loyalty' | 'ordering'
  title: string
  text: string
}

export const HIGHLIGHTS: Highlight[] = [
  { icon: 'variety', title: 'Great Product Variety', text: 'Over 1,000 products, with fresh inventory updated daily.' },
  { icon: 'price', title: 'Unbeatable Prices', text: 'We price match against local dispensaries.' },
  {
    icon: 'service',
    title: 'Exceptional Service',
    text: 'Friendly budtenders who take the time to answer your questions.',
  },
  { icon: 'loyalty', title: 'Best Loyalty Program', text: 'Earn loyalty points on every purchase.' },
  { icon: 'ordering', title: 'Fast Online Ordering', text: 'Order online and pick up curbside.' },
]

/** The hours card reads the store's hours: 'Open Late' only while the store closes late. */
function hoursCard(store: StoreFacts) {
  const phrase = hoursPhrase(store.hours)
  const sentence = phrase.charAt(0).toUpperCase() + phrase.slice(1)
  return lateShort(store.hours)
    ? { icon: 'clock', title: 'Open Late', text: `${sentence}, so you can stop by after work.` }
    : { icon: 'clock', title: 'Store Hours', text: `${sentence}.` }
}

/** The three cards under the home page's intro; the first one shows the store's hours. */
export const storePerks = (store: StoreFacts) => [hoursCard(store), ...OTHER_PERKS] as const

const OTHER_PERKS = [
  { icon: 'cash', title: 'Cash + ATM', text: 'We are cash only, with an ATM right in the store.' },
  {
    icon: 'tag',
    title: 'Price Match + Rewards',
    text: 'We price match local dispensaries and you earn loyalty points on every purchase.',
  },
] as const

/** Category chips (the home page's third section, id `menu`); every chip opens the live menu. */
export const CATEGORY_CHIPS = [
  'Flower',
  'Edibles',
  'Pre-rolls',
  'Vapes',
  'Concentrates',
  'Accessories',
  'All Products',
] as const
