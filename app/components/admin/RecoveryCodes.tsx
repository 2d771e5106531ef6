import { useEffect, useState } from 'react'

import { showToast } from '~/components/ui/Toaster'

/**
 * New recovery codes, shown once: they are stored only as hashes and cannot
 * be shown again. With JavaScript they can be copied in one go.
 */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const [canCopy, setCanCopy] = useState(false)
  useEffect(() => setCanCopy(typeof navigator !== 'undefined' && Boolean(navigator.clipboard)), [])
  return (
    <section
      aria-labelledby="recovery-codes-title"
      className="rounded-lg border-2 border-accent-400 bg-accent-100 p-4 sm:p-5"
    >
      <h2 id="recovery-codes-title" className="font-display text-lg font-semibold text-ink-900">
        Your recovery codes
      </h2>
      <p className="mt-1 text-sm text-ink-900">
        Keep these somewhere safe, away from your phone (a password manager, or printed in a drawer). If you lose your
        phone, each code signs you in once instead of the app. <strong>They are shown only now.</strong>
      </p>
      <ol className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-base text-ink-900 sm:grid-cols-5 sm:gap-x-4">
        {codes.map((code) => (
          <li key={code} className="whitespace-nowrap">
            {code}
          </li>
        ))}
      </ol>
      {canCopy ? (
        <button
          type="button"
          className="mt-3 inline-flex items-center rounded-md border border-ink-500 bg-white px-3 py-1.5 text-sm font-semibold text-ink-900 hover:bg-cream-100"
          onClick={() => {
            navigator.clipboard.writeText(codes.join('\n')).then(
              () => showToast({ type: 'success', title: 'Recovery codes copied' }),
              () => showToast({ type: 'error', title: 'Could not copy; select the codes and copy them by hand' }),
            )
          }}
        >
          Copy codes
        </button>
      ) : null}
    </section>
  )
}
