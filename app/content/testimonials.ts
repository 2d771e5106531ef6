/** Three static testimonials for the home page, above 'Read All Reviews'. */
export interface Testimonial {
  quote: string
  author: string
  detail: string
}

export const TESTIMONIALS: Testimonial[] = [
  {
    quote:
      'The budtenders took their time walking me through my options on my first visit, and the first-time discount was a nice welcome. Easily my go-to shop in Norman now.',
    author: 'Jessica M.',
    detail: 'Patient since 2021',
  },
  {
    quote:
      'Huge selection and fair prices. They matched a price I found down the road without any hassle, and the loyalty points add up fast.',
    author: 'Marcus T.',
    detail: 'Norman, OK',
  },
  {
    quote:
      'I order online on my lunch break and pick up curbside on the way home. Quick, friendly, and my order is always right.',
    author: 'Dana R.',
    detail: 'Loyalty member',
  },
]
