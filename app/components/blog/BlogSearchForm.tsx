import { Form, Link } from 'react-router'

/**
 * GET search over title and excerpt (works without JavaScript). There is no page
 * field, so a new search always starts at page 1.
 */
export function BlogSearchForm({ q, action = '/blog' }: { q: string; action?: string }) {
  return (
    <Form method="get" action={action} role="search" className="w-full max-w-xl">
      <label htmlFor="blog-search" className="mb-2 block text-sm font-semibold text-ink-900">
        Search posts
      </label>
      <div className="flex gap-2">
        <input
          id="blog-search"
          type="search"
          name="q"
          defaultValue={q}
          key={q}
          maxLength={200}
          placeholder="Try “edibles”"
          className="min-h-12 w-full min-w-0 flex-1 rounded-full border border-cream-300 bg-white px-5 text-base text-ink-900 placeholder:text-ink-500 focus:border-brand-600 focus:outline-3 focus:outline-offset-0 focus:outline-brand-200"
        />
        <button
          type="submit"
          className="min-h-12 shrink-0 rounded-full bg-brand-800 px-6 font-semibold text-cream-50 hover:bg-brand-700"
        >
          Search
        </button>
      </div>
      {q ? (
        <p className="mt-2 text-sm text-ink-600">
          <Link to={action} className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900">
            Clear search
          </Link>
        </p>
      ) : null}
    </Form>
  )
}
