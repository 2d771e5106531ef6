/** The four hard-coded highlight reviews at the top of the reviews page. */
export interface HighlightReview {
  author: string
  /** where the review was posted */
  source: string
  rating: number
  quote: string
}

export const HIGHLIGHT_REVIEWS: readonly HighlightReview[] = [
  {
    author: 'Danielle R.',
    source: 'Google',
    rating: 5,
    quote:
      'The budtenders took their time with me on my first visit, explained everything without any pressure, and the first-time discount was a nice surprise.',
  },
  {
    author: 'Marcus T.',
    source: 'Leafly',
    rating: 5,
    quote:
      'Huge selection and fair prices. They matched a price I found across town without any fuss. My go-to shop in Norman.',
  },
  {
    author: 'Jen W.',
    source: 'Weedmaps',
    rating: 5,
    quote:
      'Ordered online on my lunch break and my order was ready at the curb ten minutes later. Friendly, quick and easy.',
  },
  {
    author: 'Carlos M.',
    source: 'Google',
    rating: 5,
    quote:
      'Clean store, open late, and the loyalty points add up fast. The ATM on site is handy since they are cash only.',
  },
]
