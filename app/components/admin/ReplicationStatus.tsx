import type { ReplicationSummary } from '~/ops/replication-summary'

/**
 * The dashboard's line about database replication (nothing when there is
 * nothing to say). When the replica is not current its age is shown in red,
 * with the cause in plain words and what Litestream said.
 */
export function ReplicationStatus({ summary }: { summary: ReplicationSummary | null }) {
  if (!summary) return null
  const { tone } = summary
  const box =
    tone === 'failing'
      ? 'border-danger-600 bg-danger-50 text-ink-900'
      : tone === 'warning'
        ? 'border-accent-500 bg-accent-100 text-ink-900'
        : 'border-cream-200 bg-white text-ink-700'
  return (
    <section aria-label="Database replication" className={`mt-6 rounded-xl border p-4 text-sm ${box}`}>
      <p className={`font-semibold ${tone === 'failing' ? 'text-danger-700' : 'text-ink-900'}`}>
        {tone === 'ok' ? null : (
          <>
            <span aria-hidden="true">⚠ </span>
            <span className="sr-only">{tone === 'failing' ? 'Replication failing: ' : 'Warning: '}</span>
          </>
        )}
        {summary.text}
      </p>
      {summary.cause ? <p className="mt-1 font-medium text-danger-700">{summary.cause}</p> : null}
      <p className="mt-1 break-words">{summary.detail}</p>
    </section>
  )
}
