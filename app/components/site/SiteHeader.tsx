import { useEffect, useState } from 'react'
import { Link } from 'react-router'

import { TapLink } from '~/components/site/TapLink'
import { staticImageUrl } from '~/lib/static-images'
import type { SiteSettings } from '~/schemas/settings'

import { MobileMenu } from './MobileMenu'
import { MainNav, SocialLinks } from './SiteLinks'

/** Scrolled more than this many pixels: the header tightens. */
const SHRINK_AFTER_PX = 20

/** The sticky site header: page links, a mobile slide-out menu, social links and 'Shop Live Menu'. */
export function SiteHeader({ settings }: { settings: SiteSettings }) {
  const [scrolled, setScrolled] = useState(false)

  useEffect(() => {
    const update = () => setScrolled(window.scrollY > SHRINK_AFTER_PX)
    update()
    window.addEventListener('scroll', update, { passive: true })
    return () => window.removeEventListener('scroll', update)
  }, [])

  return (
    <header
      data-scrolled={scrolled ? 'true' : 'false'}
      className={`sticky top-0 z-40 bg-brand-800 text-cream-50 transition-[padding,box-shadow] duration-200 ${
        scrolled ? 'py-1.5 shadow-lg shadow-brand-950/20' : 'py-3 lg:py-4'
      }`}
    >
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          to="/"
          className="flex min-w-0 items-center gap-2.5 rounded-lg"
          aria-label={`${settings.brand_name}, home`}
        >
          <img
            src={staticImageUrl('/images/logo.svg')}
            alt=""
            width={44}
            height={44}
            className={`shrink-0 rounded-full bg-cream-50 transition-[width,height] duration-200 ${scrolled ? 'size-9' : 'size-11'}`}
          />
          <span className="max-w-[11rem] font-display text-[1.05rem] leading-tight font-semibold sm:max-w-none sm:text-xl">
            {settings.brand_name}
          </span>
        </Link>

        <MainNav
          label="Main"
          className="hidden lg:block"
          listClassName="flex items-center gap-1"
          linkClassName="rounded-full px-3 py-2 text-[0.95rem] font-medium text-cream-100 hover:bg-brand-700 hover:text-cream-50 aria-[current=page]:bg-brand-950/40 aria-[current=page]:text-accent-300"
        />

        <div className="flex shrink-0 items-center gap-2">
          <SocialLinks
            settings={settings}
            className="hidden items-center gap-1 xl:flex"
            linkClassName="flex size-9 items-center justify-center rounded-full text-cream-100 hover:bg-brand-700 hover:text-cream-50"
            iconClassName="size-[1.1rem]"
          />
          <TapLink
            to="/live-menu"
            tap="live-menu"
            className="hidden rounded-full bg-accent-400 px-5 py-2.5 font-semibold text-ink-900 shadow-sm hover:bg-accent-300 sm:inline-block"
          >
            Shop Live Menu
          </TapLink>
          <MobileMenu settings={settings} />
        </div>
      </div>
    </header>
  )
}
