import { type ChangeValue, type FieldChange, readValue } from '~/lib/activity-changes'

/** Longer values show their start; the whole text is one click away. */
export const SHORT_VALUE = 80

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > SHORT_VALUE ? `${flat.slice(0, SHORT_VALUE - 1)}…` : flat
}

/** An address the log may link to: a path on this site or an https page. */
function linkable(value: string): boolean {
  return (value.startsWith('/') && !value.startsWith('//')) || value.startsWith('https://')
}

function Value({ change, value }: { change: FieldChange; value: ChangeValue }) {
  const text = readValue(change.format, value)
  if (text === '') return <span className="text-ink-600">(empty)</span>
  if (change.format === 'image') {
    return linkable(text) ? (
      <a href={text} target="_blank" rel="noreferrer" className="text-brand-800 underline">
        image
      </a>
    ) : (
      <span>an image</span>
    )
  }
  if (change.format === 'text' || change.format === 'link')
    return <q className="[overflow-wrap:anywhere]">{shorten(text)}</q>
  return <span className="font-medium">{text}</span>
}

function isLong(change: FieldChange): boolean {
  if (change.format !== 'text' && change.format !== 'link') return false
  return [change.before, change.after].some((value) => readValue(change.format, value).length > SHORT_VALUE)
}

/**
 * What an entry changed, one line per field: 'Lindsey Street · Monday closes:
 * 10 PM → 9 PM'. A new record shows only what it started with. A long value
 * shows its start, and the whole before and after open in a disclosure.
 */
export function ActivityChanges({ changes, created = false }: { changes: FieldChange[]; created?: boolean }) {
  if (changes.length === 0) return null
  return (
    <ul className="mt-1 space-y-1 text-ink-700" aria-label="What changed">
      {changes.map((change, index) => (
        <li key={`${change.field}-${index}`} className="[overflow-wrap:anywhere]">
          <span className="text-ink-900">{change.label}:</span>{' '}
          {created ? null : (
            <>
              <Value change={change} value={change.before} />{' '}
              <span role="img" aria-label="changed to">
                →
              </span>{' '}
            </>
          )}
          <Value change={change} value={change.after} />
          {isLong(change) ? (
            <details className="mt-1 rounded-md border border-cream-300 bg-cream-50 px-2 py-1">
              <summary className="cursor-pointer text-sm font-semibold text-brand-800">
                Full text of {change.label.toLowerCase()}
              </summary>
              <dl className="mt-1 space-y-2 text-sm">
                {created ? null : (
                  <div>
                    <dt className="font-semibold text-ink-900">Before</dt>
                    <dd className="max-h-80 overflow-auto whitespace-pre-wrap text-ink-700">
                      {readValue(change.format, change.before) || '(empty)'}
                    </dd>
                  </div>
                )}
                <div>
                  <dt className="font-semibold text-ink-900">{created ? 'Text' : 'After'}</dt>
                  <dd className="max-h-80 overflow-auto whitespace-pre-wrap text-ink-700">
                    {readValue(change.format, change.after) || '(empty)'}
                  </dd>
                </div>
              </dl>
            </details>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
