import type { ReactNode } from 'react'

/** The masthead of the blog list, category and tag pages. */
export function BlogPageHeader({
  eyebrow,
  title,
  intro,
  children,
}: {
  eyebrow: string
  title: string
  intro?: string
  children?: ReactNode
}) {
  return (
    <header className="border-b border-cream-200 bg-gradient-to-b from-cream-100 to-cream-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-5 px-4 pt-12 pb-10 sm:px-6 sm:pt-16 lg:px-8">
        <p className="text-sm font-semibold tracking-[0.14em] text-accent-800 uppercase">{eyebrow}</p>
        <h1 className="max-w-3xl text-4xl leading-tight font-semibold text-ink-900 sm:text-5xl">{title}</h1>
        {intro ? <p className="max-w-2xl text-lg text-ink-700">{intro}</p> : null}
        {children}
      </div>
    </header>
  )
}

/** A friendly empty or error state inside a list page. */
export function BlogNotice({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl rounded-2xl border border-dashed border-cream-300 bg-white/60 px-6 py-12 text-center">
      <p className="font-display text-xl font-semibold text-ink-900">{title}</p>
      {children ? <div className="mt-4 text-ink-700">{children}</div> : null}
    </div>
  )
}
