/** Class names shared by the admin content pages (plain and dense: tables, clear badges, destructive actions in red and never the default). */
export const adminStyles = {
  /** The admin shell already pads its content area. */
  page: 'mx-auto w-full max-w-6xl',
  h1: 'font-display text-2xl font-semibold text-ink-900 sm:text-3xl',
  h2: 'font-display text-lg font-semibold text-ink-900',
  label: 'block text-sm font-medium text-ink-900',
  hint: 'mt-1 text-xs text-ink-600',
  input:
    'mt-1 block w-full min-w-0 rounded-md border border-ink-500 bg-white px-3 py-2 text-base text-ink-900 placeholder:text-ink-500 aria-[invalid=true]:border-danger-600',
  error: 'mt-1 text-sm font-medium text-danger-700',
  card: 'rounded-lg border border-cream-300 bg-white p-4 shadow-sm',
  primary:
    'inline-flex items-center justify-center gap-2 rounded-md bg-brand-800 px-4 py-2 text-sm font-semibold text-cream-50 hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60',
  secondary:
    'inline-flex items-center justify-center gap-2 rounded-md border border-ink-500 bg-white px-4 py-2 text-sm font-semibold text-ink-900 hover:bg-cream-100 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 disabled:cursor-not-allowed disabled:opacity-60',
  danger:
    'inline-flex items-center justify-center gap-2 rounded-md bg-danger-600 px-4 py-2 text-sm font-semibold text-white hover:bg-danger-700',
  dangerLink:
    'inline-flex items-center justify-center rounded-md border border-danger-600 bg-white px-3 py-1.5 text-sm font-semibold text-danger-700 hover:bg-danger-50',
  smallLink:
    'inline-flex items-center justify-center rounded-md border border-ink-500 bg-white px-3 py-1.5 text-sm font-semibold text-ink-900 hover:bg-cream-100',
} as const

export const statusBadge: Record<string, string> = {
  draft: 'bg-cream-200 text-ink-900',
  scheduled: 'bg-accent-100 text-accent-800',
  published: 'bg-success-50 text-success-700',
  new: 'bg-accent-100 text-accent-800',
  'in-progress': 'bg-brand-50 text-brand-800',
  closed: 'bg-cream-200 text-ink-900',
}
