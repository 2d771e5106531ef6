import { useId } from 'react'

import { truncateText } from '~/lib/truncate'

/**
 * A review quote. Over 150 characters it shows the first 150 plus '…' and a
 * 'Read more' / 'Show less' toggle built on <details>, so it works without
 * JavaScript and is keyboard-operable everywhere.
 */
export function ReviewQuote({ quote }: { quote: string }) {
  const id = useId()
  const short = truncateText(quote)
  if (!short.truncated) {
    return (
      <blockquote className="leading-relaxed text-ink-900">
        <p>“{quote}”</p>
      </blockquote>
    )
  }
  return (
    <blockquote className="group/quote leading-relaxed text-ink-900">
      <p className="group-has-[details[open]]/quote:hidden" id={`${id}-short`}>
        “{short.text}”
      </p>
      <details className="group/more relative open:pb-8">
        <summary className="mt-1 inline-flex cursor-pointer list-none items-center gap-1 rounded font-semibold text-brand-700 underline decoration-brand-300 underline-offset-4 hover:text-brand-900 group-open/more:absolute group-open/more:bottom-0 group-open/more:left-0 [&::-webkit-details-marker]:hidden">
          <span className="group-open/more:hidden">Read more</span>
          <span className="hidden group-open/more:inline">Show less</span>
        </summary>
        <p>“{quote}”</p>
      </details>
    </blockquote>
  )
}
