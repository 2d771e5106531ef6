import type { SocialNetwork } from './nav'

/** Small monochrome marks for the social links (decorative; the link carries the name). */
export function SocialIcon({ network, className = 'size-5' }: { network: SocialNetwork; className?: string }) {
  const common = { className, 'aria-hidden': true, focusable: false, viewBox: '0 0 24 24' } as const
  switch (network) {
    case 'facebook':
      return (
        <svg {...common} fill="currentColor">
          <path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21h3z" />
        </svg>
      )
    case 'instagram':
      return (
        <svg {...common} fill="none" stroke="currentColor" strokeWidth={1.8}>
          <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
          <circle cx="12" cy="12" r="4" />
          <circle cx="17.3" cy="6.7" r="1" fill="currentColor" stroke="none" />
        </svg>
      )
    case 'leafly':
      return (
        <svg {...common} fill="currentColor">
          <path d="M12 2.5c3.6 3 5.5 6.4 5.5 10 0 3.2-2 5.6-4.7 6.3V21h-1.6v-2.2C8.5 18.1 6.5 15.7 6.5 12.5c0-3.6 1.9-7 5.5-10zm-.8 14.6V9.5h1.6v7.6c1.7-.6 3-2.3 3-4.6 0-2.5-1.2-5-3.8-7.4-2.6 2.4-3.8 4.9-3.8 7.4 0 2.3 1.3 4 3 4.6z" />
        </svg>
      )
    case 'weedmaps':
      return (
        <svg {...common} fill="currentColor">
          <path d="M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7zm0 9.8A2.8 2.8 0 1 1 12 6.2a2.8 2.8 0 0 1 0 5.6z" />
        </svg>
      )
  }
}
