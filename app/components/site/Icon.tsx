import { LineIcon } from '~/components/ui/LineIcon'

/** Simple line icons for cards and tiles; always decorative (the text beside them carries the meaning). */
const PATHS: Record<string, string> = {
  variety: 'M4 7l8-4 8 4-8 4-8-4zm0 5l8 4 8-4M4 17l8 4 8-4',
  price: 'M3 12V4h8l10 10-8 8L3 12zm4.5-4.5h.01',
  service: 'M12 21s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 8a4.3 4.3 0 0 1 7.5 2.8C19.5 16.4 12 21 12 21z',
  loyalty: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9L12 3z',
  ordering: 'M3 5h2l2.4 10.2a1 1 0 0 0 1 .8h9.3a1 1 0 0 0 1-.8L20 8H6.2M9 20h.01M17 20h.01',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm0-13v4.5l3 2',
  cash: 'M3 7h18v10H3V7zm9 7.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM6 10v.01M18 14v.01',
  tag: 'M3 12V4h8l10 10-8 8L3 12zm4.5-4.5h.01',
  percent: 'M19 5L5 19M7.5 9.5a2 2 0 1 0 0-4 2 2 0 0 0 0 4zm9 9a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
  star: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9L12 3z',
  gift: 'M4 11h16v10H4V11zm-1-4h18v4H3V7zm9 0v14M12 7S10.5 3 8 3.5 7 7 12 7zm0 0s1.5-4 4-3.5S17 7 12 7z',
  leaf: 'M5 19c0-8 5-13 14-14-1 9-6 14-14 14zm0 0l7-7',
  people:
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zm-6 9c0-3.3 2.7-6 6-6s6 2.7 6 6m1-9a3 3 0 1 0 0-6m2 15c0-2.4-1-4.5-2.5-5.6',
  vape: 'M4 14h13v3H4v-3zm13 0h3v3h-3M7 14V9a2 2 0 0 1 2-2M12 5c1.5 1 1.5 2.5 0 3.5',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6l8-3zm-3.5 9l2.5 2.5 4.5-5',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  pin: 'M12 21s-7-6.3-7-11.5a7 7 0 0 1 14 0C19 14.7 12 21 12 21zm0-9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  phone: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z',
  card: 'M3 6h18v12H3V6zm0 4h18M7 15h4',
  award: 'M12 15a6 6 0 1 0 0-12 6 6 0 0 0 0 12zm-3.5 4.5L12 15l3.5 4.5L15 14m-6 0l-.5 5.5',
  arrow: 'M5 12h14m-6-6l6 6-6 6',
}

export type IconName = keyof typeof PATHS

export function Icon({ name, className = 'size-6' }: { name: string; className?: string }) {
  return <LineIcon d={PATHS[name] ?? PATHS.leaf} className={className} strokeWidth={1.8} />
}
