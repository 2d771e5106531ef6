import type { ReactNode } from 'react'

import { PageHeader } from '~/components/site/PageHeader'

/** Shared frame of the placeholder Terms and Privacy pages. */
export function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  return (
    <main>
      <PageHeader eyebrow="The fine print" title={title}>
        <p>Last updated {updated}.</p>
      </PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        <aside
          aria-label="Placeholder notice"
          className="rounded-2xl border border-accent-300 bg-accent-100 px-5 py-4 text-ink-900"
        >
          <p className="font-semibold">Placeholder text</p>
          <p className="mt-1">
            This page is placeholder text, written in plain language to show what the final version will cover. It will
            be replaced by wording prepared by the store’s legal counsel and is not legal advice.
          </p>
        </aside>
        <div className="mt-10 grid gap-8 text-lg leading-relaxed text-ink-700 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:text-brand-900 [&_li]:ml-5 [&_li]:list-disc [&_section]:grid [&_section]:gap-3 [&_ul]:grid [&_ul]:gap-1">
          {children}
        </div>
      </div>
    </main>
  )
}
