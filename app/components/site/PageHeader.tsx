import type { ReactNode } from 'react'

/** The warm title band at the top of an inner page: eyebrow, heading and intro. */
export function PageHeader({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <header className="relative overflow-hidden border-b border-cream-200 bg-cream-100">
      <svg
        aria-hidden="true"
        viewBox="0 0 200 200"
        className="pointer-events-none absolute -top-10 -right-16 h-64 w-64 text-brand-100 sm:right-8"
        fill="currentColor"
      >
        <path d="M100 10c18 30 22 58 14 86 26-20 52-26 78-20-16 26-40 42-70 46 22 10 36 26 42 48-28-2-52-14-64-38-12 24-36 36-64 38 6-22 20-38 42-48-30-4-54-20-70-46 26-6 52 0 78 20-8-28-4-56 14-86z" />
      </svg>
      <div className="relative mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
        {eyebrow ? <p className="text-sm font-semibold tracking-widest text-accent-800 uppercase">{eyebrow}</p> : null}
        <h1 className="mt-2 text-4xl font-semibold text-brand-900 sm:text-5xl">{title}</h1>
        {children ? <div className="mt-4 max-w-2xl text-lg text-ink-700">{children}</div> : null}
      </div>
    </header>
  )
}
