import { NavLink } from 'react-router'

import type { SiteSettings } from '~/schemas/settings'

import { MAIN_NAV, socialLinks } from './nav'
import { SocialIcon } from './SocialIcon'

/** The header's page links as a navigation list (the wide header, the mobile menu); each place styles its own. */
export function MainNav({
  label,
  className,
  listClassName,
  linkClassName,
}: {
  label: string
  className?: string
  listClassName: string
  linkClassName: string
}) {
  return (
    <nav aria-label={label} className={className}>
      <ul className={listClassName}>
        {MAIN_NAV.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.to === '/'} className={linkClassName}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** The store's social links as a list of icon links, each opening in a new tab (header, mobile menu, footer). */
export function SocialLinks({
  settings,
  className,
  linkClassName,
  iconClassName,
}: {
  settings: SiteSettings
  className: string
  linkClassName: string
  iconClassName?: string
}) {
  return (
    <ul className={className} aria-label="Social media">
      {socialLinks(settings).map((link) => (
        <li key={link.network}>
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={link.label}
            className={linkClassName}
          >
            <SocialIcon network={link.network} className={iconClassName} />
          </a>
        </li>
      ))}
    </ul>
  )
}
