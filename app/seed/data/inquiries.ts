import type { InquiryStatus } from '~/db/types'
import type { InquiryTopic } from '~/models/inquiries.server'

import { daysAgoAt } from './dates'

interface DemoInquiry {
  name: string
  email: string
  phone: string
  topic: InquiryTopic
  message: string
  status: InquiryStatus
  daysAgo: number
  hourUtc: number
}

/** Example contact-form messages so the admin inbox has something in every status. */
const INQUIRIES: DemoInquiry[] = [
  {
    name: 'Brittany Nguyen',
    email: 'brittany.nguyen@example.com',
    phone: '(405) 555-0187',
    topic: 'career',
    message:
      'Hi! I saw you might be hiring budtenders. I have two years of retail experience at a pharmacy counter and I can work evenings and weekends. Happy to bring a résumé by the Lindsey store.',
    status: 'new',
    daysAgo: 1,
    hourUtc: 15,
  },
  {
    name: 'Derek Collins',
    email: 'dcollins@example.net',
    phone: '',
    topic: 'product-suggestion',
    message:
      'Could you carry more low-dose gummies, something like 2.5 mg per piece? I like to start small and most of what I find is 10 mg each.',
    status: 'new',
    daysAgo: 2,
    hourUtc: 22,
  },
  {
    name: 'Alicia Ramos',
    email: 'alicia.ramos@example.org',
    phone: '(405) 555-0110',
    topic: 'general',
    message:
      'Do I need to bring my physical medical card, or is a photo of it on my phone enough? Just got approved and want to visit this weekend.',
    status: 'new',
    daysAgo: 4,
    hourUtc: 18,
  },
  {
    name: 'Jordan Price',
    email: 'jordan.price@example.com',
    phone: '(405) 555-0163',
    topic: 'career',
    message:
      'I would love to be considered for any inventory or receiving role. I have forklift certification and experience with seed-to-sale tracking. Available full time.',
    status: 'in-progress',
    daysAgo: 7,
    hourUtc: 14,
  },
  {
    name: 'Megan Ellis',
    email: 'megan.ellis@example.com',
    phone: '',
    topic: 'review',
    message:
      'Wanted to say thank you to Tessa at the Lindsey store. She took a lot of time with my mom on her first visit and made her feel comfortable. We will be back!',
    status: 'in-progress',
    daysAgo: 10,
    hourUtc: 20,
  },
  {
    name: 'Chris Walker',
    email: 'cwalker@example.net',
    phone: '(405) 555-0129',
    topic: 'product-suggestion',
    message: 'Any chance of stocking Redbud Ridge rosin again? It sold out before I could get back in last month.',
    status: 'in-progress',
    daysAgo: 15,
    hourUtc: 16,
  },
  {
    name: 'Taylor Brooks',
    email: 'taylor.brooks@example.com',
    phone: '(405) 555-0174',
    topic: 'career',
    message:
      'Following up on the part-time position I asked about at the Blue Water store. I am a student at OU and can work Friday and Saturday nights.',
    status: 'closed',
    daysAgo: 21,
    hourUtc: 19,
  },
  {
    name: 'Linda Howard',
    email: 'linda.howard@example.org',
    phone: '',
    topic: 'general',
    message: 'Is curbside pickup available at both stores, and how do I let you know I have arrived?',
    status: 'closed',
    daysAgo: 26,
    hourUtc: 17,
  },
  {
    name: 'Ben Carter',
    email: 'ben.carter@example.com',
    phone: '(405) 555-0151',
    topic: 'review',
    message:
      'My curbside order was missing a preroll last Tuesday. Not a huge deal, just letting you know. The staff fixed it quickly when I called.',
    status: 'closed',
    daysAgo: 33,
    hourUtc: 23,
  },
]

export function demoInquiries(now: Date) {
  return INQUIRIES.map(({ daysAgo, hourUtc, ...inquiry }) => ({
    ...inquiry,
    created_at: daysAgoAt(now, daysAgo, hourUtc, 12),
  }))
}
