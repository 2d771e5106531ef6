import type { SiteSettings } from '~/schemas/settings'

// Foundation version: the public-site issue replaces this with the full footer.
export function SiteFooter({ settings }: { settings: SiteSettings; signedIn: boolean }) {
  const store = settings.stores.Lindsey
  return (
    <footer className="bg-brand-900 text-cream-50">
      <div className="mx-auto max-w-6xl px-4 py-8 text-sm">
        <p>
          {store.street}, {store.city}, {store.region} {store.postal_code}
        </p>
        <p>Open 9 AM – 10 PM Daily (7 days a week)</p>
      </div>
    </footer>
  )
}
