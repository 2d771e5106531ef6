/** The three promo cards of the Deals page (icon, title, subtitle). */
export interface PromoCard {
  icon: 'percent' | 'star' | 'gift'
  title: string
  subtitle: string
}

export const PROMO_CARDS: PromoCard[] = [
  {
    icon: 'percent',
    title: '15% Off First-Time Visits',
    subtitle:
      'New patients get 15% off their entire purchase on their first visit. Not combinable with other promotions.',
  },
  {
    icon: 'star',
    title: 'Best Loyalty Program Statewide',
    subtitle: 'Earn points on every purchase and redeem them for savings on future visits.',
  },
  {
    icon: 'gift',
    title: 'Penny Preroll for a 5-Star Review',
    subtitle:
      'Leave us a 5-star review on Google or a cannabis listing service and get a preroll for a penny. Just show it at checkout.',
  },
]
