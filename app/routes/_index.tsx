import type { Route } from './+types/_index'

// Foundation version: the public-site issue replaces this with the full home page.
export default function Home({ matches }: Route.ComponentProps) {
  const brand = (matches[0].loaderData as { settings: { brand_name: string } }).settings.brand_name
  return (
    <main className="mx-auto max-w-6xl px-4 py-16">
      <h1 className="text-4xl font-semibold">Welcome to {brand}</h1>
      <p className="mt-4 text-ink-700">Medical marijuana dispensary in Norman, Oklahoma.</p>
    </main>
  )
}
