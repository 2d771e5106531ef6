import type { StoreKey } from '~/db/types'

import { addDays } from './dates'

interface DemoReview {
  store: StoreKey
  author: string
  source: string
  rating: number
  quote: string
  /** days before the seed day */
  daysAgo: number
}

const REVIEWS: DemoReview[] = [
  // Lindsey Street
  {
    store: 'Lindsey',
    author: 'Danielle M.',
    source: 'Google',
    rating: 5,
    quote:
      'My first time using my medical card and I was nervous, but the staff walked me through everything without making me feel rushed. They explained the lab labels, asked what I was looking for and stayed well within my budget. The first-visit discount was a nice surprise too.',
    daysAgo: 6,
  },
  {
    store: 'Lindsey',
    author: 'Marcus T.',
    source: 'Leafly',
    rating: 5,
    quote: 'Clean shop, fair prices and the loyalty points add up fast. Curbside pickup was ready before I pulled in.',
    daysAgo: 24,
  },
  {
    store: 'Lindsey',
    author: 'Rachel K.',
    source: 'Google',
    rating: 5,
    quote:
      'I have been coming here since they opened on Lindsey. It is the only place in Norman where the budtenders remember my name and actually ask how the last product worked out for me. The ATM inside makes the cash-only thing painless.',
    daysAgo: 58,
  },
  {
    store: 'Lindsey',
    author: 'Tony V.',
    source: 'Weedmaps',
    rating: 4,
    quote: 'Great selection of local brands. It gets busy after 5 on Fridays, so order online if you are in a hurry.',
    daysAgo: 97,
  },
  {
    store: 'Lindsey',
    author: 'Priya S.',
    source: 'Google',
    rating: 5,
    quote: 'They price matched a deal I saw across town without any fuss. Friendly, quick and knowledgeable.',
    daysAgo: 143,
  },
  {
    store: 'Lindsey',
    author: 'Cody W.',
    source: 'Leafly',
    rating: 5,
    quote:
      'Stopped in on game day expecting a madhouse and was in and out in ten minutes. The menu online matched what was on the shelf, which is rarer than it should be. Staff were patient with the patient in front of me who had a lot of questions, and that says a lot.',
    daysAgo: 211,
  },
  {
    store: 'Lindsey',
    author: 'Hannah B.',
    source: 'Google',
    rating: 5,
    quote: 'Open till 10 every night, which is perfect after a late shift. Always a good experience.',
    daysAgo: 322,
  },
  // Blue Water
  {
    store: 'BlueWater',
    author: 'Jess L.',
    source: 'Google',
    rating: 5,
    quote:
      'Blue Water is my go-to on Main Street. Being open until midnight on weekends is a lifesaver, and the team always takes a minute to explain the difference between products instead of just pointing at the most expensive thing in the case.',
    daysAgo: 11,
  },
  {
    store: 'BlueWater',
    author: 'Andre P.',
    source: 'Weedmaps',
    rating: 5,
    quote: 'Friendly folks, good prices and a great concentrate selection. Parking on Main is easy in the evening.',
    daysAgo: 39,
  },
  {
    store: 'BlueWater',
    author: 'Kayla R.',
    source: 'Google',
    rating: 4,
    quote: 'Nice shop and helpful staff. Wish they took cards, but there is an ATM right inside.',
    daysAgo: 76,
  },
  {
    store: 'BlueWater',
    author: 'Sam H.',
    source: 'Leafly',
    rating: 5,
    quote:
      'I care for my dad and pick up for him with my caregiver card. The staff at Blue Water made the paperwork side easy, double-checked everything and were respectful the whole time. It is a small thing, but it matters a lot to us.',
    daysAgo: 118,
  },
  {
    store: 'BlueWater',
    author: 'Lauren G.',
    source: 'Google',
    rating: 5,
    quote: 'Cozy downtown spot with a great vibe. The edibles shelf is well organized and clearly labeled.',
    daysAgo: 176,
  },
  {
    store: 'BlueWater',
    author: 'Miguel F.',
    source: 'Weedmaps',
    rating: 5,
    quote: 'Quick service even on a Saturday night. Good deals posted every week.',
    daysAgo: 248,
  },
  {
    store: 'BlueWater',
    author: 'Erin C.',
    source: 'Google',
    rating: 4,
    quote: 'Solid selection and friendly budtenders. A little small inside when it is busy, but worth the wait.',
    daysAgo: 339,
  },
]

export function demoReviews(today: string) {
  return REVIEWS.map(({ daysAgo, ...review }) => ({ ...review, review_date: addDays(today, -daysAgo) }))
}
