import type { ReplicationSummary } from '~/ops/replication-summary'

/** The dashboard's line about database replication (nothing when there is nothing to say). */
export function ReplicationStatus({ summary }: { summary: ReplicationSummary | null }) {
  if (!summary) return null
  const warning = summary.tone === 'warning'
  return (
    <section
      aria-label="Database replication"
      className={`mt-6 rounded-xl border p-4 text-sm ${
        warning ? 'border-accent-500 bg-accent-100 text-ink-900' : 'border-cream-200 bg-white text-ink-700'
      }`}
    >
      <p className="font-semibold text-ink-900">
        {warning ? (
          <>
            <span aria-hidden="true">⚠ </span>
            <span className="sr-only">Warning: </span>
          </>
        ) : null}
        {summary.text}
      </p>
      <p className="mt-1 break-words">{summary.detail}</p>
    </section>
  )
}
