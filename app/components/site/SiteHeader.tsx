import { Link } from 'react-router'
import type { SiteSettings } from '~/schemas/settings'

// Foundation version: the public-site issue replaces this with the full header.
export function SiteHeader({ settings }: { settings: SiteSettings }) {
  return (
    <header className="sticky top-0 z-40 bg-brand-800 text-cream-50">
      <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3">
        <Link to="/" className="font-display text-lg font-semibold">
          {settings.brand_name}
        </Link>
        <Link to="/live-menu" className="rounded-full bg-accent-400 px-4 py-2 font-semibold text-ink-900">
          Shop Live Menu
        </Link>
      </div>
    </header>
  )
}
