import { hoursPhrase } from '~/lib/store-hours'
import type { SiteSettings } from '~/schemas/settings'

/**
 * The home page FAQ. The hours answer names each store and reads its hours from
 * the store facts, so it changes the moment staff change them.
 */
export interface FaqItem {
  question: string
  answer: string
}

export function hoursAnswer(settings: SiteSettings): string {
  const { Lindsey, BlueWater } = settings.stores
  return (
    `${Lindsey.name} at ${Lindsey.street} is open ${hoursPhrase(Lindsey.hours)}. ` +
    `Our partner store ${BlueWater.name} at ${BlueWater.street} is open ${hoursPhrase(BlueWater.hours)}. ` +
    'Our Locations page shows each store’s hours day by day.'
  )
}

export function faqItems(settings: SiteSettings): FaqItem[] {
  return [{ question: 'What are your hours?', answer: hoursAnswer(settings) }, ...OTHER_QUESTIONS]
}

const OTHER_QUESTIONS: FaqItem[] = [
  {
    question: 'Do I need a medical card?',
    answer:
      'Yes. Oklahoma is a medical-only state, and a medical card is required for every visit. Please bring your valid Oklahoma medical marijuana patient card and a photo ID each time.',
  },
  {
    question: 'What forms of payment do you accept?',
    answer: 'We are cash only, and there is an ATM on site for your convenience.',
  },
  {
    question: 'Do you offer a first-time customer discount?',
    answer:
      'Yes! First-time customers get 15% off their entire purchase. The discount cannot be combined with other promotions.',
  },
  {
    question: 'Do you price match?',
    answer:
      'We do. We price match against local dispensaries. Just show us the current advertised price when you check out.',
  },
  {
    question: 'Do you have a loyalty program?',
    answer: 'Yes. You earn loyalty points on every purchase, and you can redeem them for savings on future visits.',
  },
  {
    question: 'Can I order online?',
    answer:
      'Yes. Browse our live menu, place your order online, and pick it up curbside. We’ll have it ready when you arrive.',
  },
  {
    question: 'How many products do you carry?',
    answer:
      'We carry over 1,000 products: flower, shake, edibles, prerolls, cartridges, disposables, glass and accessories, with fresh inventory updated daily.',
  },
]
