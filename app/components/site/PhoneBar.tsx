import { TapLink } from '~/components/site/TapLink'
import { LineIcon } from '~/components/ui/LineIcon'
import { formatPhone, telHref } from '~/lib/tel-href'
import type { SiteSettings } from '~/schemas/settings'

/**
 * The bar at the bottom of public pages on phones: call the store and open the
 * live menu, within reach of a thumb wherever the visitor has scrolled. It sits
 * under the age gate and the toasts, and the page keeps a spacer of its height
 * at the end so it never hides the last lines of the footer.
 */
export function PhoneBar({ settings }: { settings: SiteSettings }) {
  const store = settings.stores.Lindsey
  return (
    <>
      <div aria-hidden="true" className="h-[calc(4.5rem+env(safe-area-inset-bottom))] md:hidden" />
      <nav
        aria-label="Call or shop"
        className="fixed inset-x-0 bottom-0 z-30 border-t border-brand-700 bg-brand-900/95 px-3 pt-2 pb-[calc(0.5rem+env(safe-area-inset-bottom))] shadow-[0_-4px_16px_rgb(0_0_0/0.18)] backdrop-blur md:hidden"
      >
        <ul className="mx-auto grid max-w-md grid-cols-2 gap-3">
          <li>
            <TapLink
              to={telHref(store.phone)}
              tap="call"
              store="Lindsey"
              className="flex min-h-12 items-center justify-center gap-2 rounded-full border-2 border-cream-50/80 px-3 font-semibold text-cream-50 hover:bg-cream-50/10"
            >
              <LineIcon
                d="M5 4h3l2 5-2.5 1.5a11 11 0 0 0 6 6L15 14l5 2v3a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z"
                className="size-5 shrink-0"
                strokeWidth={2}
              />
              Call Store
              <span className="sr-only">
                {' '}
                {store.name} at {formatPhone(store.phone)}
              </span>
            </TapLink>
          </li>
          <li>
            <TapLink
              to="/live-menu"
              tap="live-menu"
              className="flex min-h-12 items-center justify-center rounded-full bg-accent-400 px-3 font-semibold text-ink-900 hover:bg-accent-300"
            >
              Shop Live Menu
            </TapLink>
          </li>
        </ul>
      </nav>
    </>
  )
}
