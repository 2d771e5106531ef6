import type { DealSlideValues } from '~/models/deals.server'

import { addDays } from './dates'

/**
 * Demo deal slides, dated relative to `today` (YYYY-MM-DD in the store's time
 * zone): four live today (one with open dates), one upcoming (starts in 10
 * days), one expired (ended 10 days ago) and one switched off.
 */
export function demoDealSlides(today: string): DealSlideValues[] {
  return [
    {
      title: 'First-Time Patients Save 15%',
      description:
        'Welcome in! First-time patients get 15% off their entire purchase. Bring your Oklahoma medical card and a photo ID. Not combinable with other promotions.',
      image_url: '/images/deals/first-visit.svg',
      start_date: null,
      end_date: null,
      is_active: true,
      sort_order: 10,
    },
    {
      title: 'Flower Friday — 20% off eighths',
      description: 'Every Friday, take 20% off any eighth of flower on the shelf. Medical card required.',
      image_url: '/images/deals/flower-friday.svg',
      start_date: addDays(today, -20),
      end_date: addDays(today, 40),
      is_active: true,
      sort_order: 20,
    },
    {
      title: 'Penny Preroll for a 5-Star Review',
      description:
        'Leave us a 5-star review on Google, Leafly or Weedmaps, show it at checkout and add a preroll to your order for one cent. One per patient.',
      image_url: '/images/deals/penny-preroll.svg',
      start_date: addDays(today, -30),
      end_date: addDays(today, 30),
      is_active: true,
      sort_order: 30,
    },
    {
      title: 'Weekday Wax Wednesday',
      description: 'Monday through Wednesday, $5 off every gram of wax, shatter and badder while supplies last.',
      image_url: '/images/deals/wax-wednesday.svg',
      start_date: addDays(today, -3),
      end_date: addDays(today, 25),
      is_active: true,
      sort_order: 40,
    },
    {
      title: 'Edibles Week — 25% off gummies and chocolates',
      description:
        'A full week of 25% off gummies, chocolates and drink mixes. New to edibles? Ask us about starting low and going slow.',
      image_url: '/images/deals/edibles-week.svg',
      start_date: addDays(today, 10),
      end_date: addDays(today, 17),
      is_active: true,
      sort_order: 50,
    },
    {
      title: 'Harvest Vape Sale — $10 off cartridges',
      description: '$10 off every full-gram cartridge during our harvest sale.',
      image_url: '/images/deals/harvest-vapes.svg',
      start_date: addDays(today, -40),
      end_date: addDays(today, -10),
      is_active: true,
      sort_order: 60,
    },
    {
      title: 'Double Points Weekend',
      description:
        'Earn twice the loyalty points on every purchase, Saturday and Sunday. Paused until the next loyalty weekend is announced.',
      image_url: '/images/deals/double-points.svg',
      start_date: null,
      end_date: null,
      is_active: false,
      sort_order: 70,
    },
  ]
}
