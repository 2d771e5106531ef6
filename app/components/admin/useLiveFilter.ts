import { type FormEvent, useEffect, useRef } from 'react'
import { useSubmit } from 'react-router'

/** How long typing may pause before the list follows it. */
export const LIVE_FILTER_DELAY_MS = 300

/**
 * A list's GET filter form that applies as staff type or choose: a menu or
 * checkbox at once, text after a short pause. The address is replaced (not
 * pushed) so Back leaves the list, the page keeps its scroll, and the box
 * keeps its focus and caret because it is never re-created. Empty fields and
 * "all" are left out of the address. Without JavaScript the same form submits.
 */
export function useLiveFilter() {
  const submit = useSubmit()
  const timer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(timer.current), [])

  function send(form: HTMLFormElement) {
    const params = new URLSearchParams()
    for (const [name, value] of new FormData(form)) {
      if (typeof value !== 'string') continue
      const text = value.trim()
      if (text === '' || (name !== 'q' && text === 'all')) continue
      params.set(name, text.slice(0, 200))
    }
    submit(params, { method: 'get', replace: true, preventScrollReset: true })
  }

  return {
    onChange(event: FormEvent<HTMLFormElement>) {
      const form = event.currentTarget
      const target = event.target as HTMLInputElement | HTMLSelectElement
      window.clearTimeout(timer.current)
      if (target instanceof HTMLSelectElement || target.type === 'checkbox' || target.type === 'radio') send(form)
      else timer.current = window.setTimeout(() => send(form), LIVE_FILTER_DELAY_MS)
    },
    onSubmit() {
      window.clearTimeout(timer.current)
    },
  }
}

/** Puts the address's value back into a field (Back and Forward) unless someone is typing in it. */
export function useFieldFollowsAddress(
  ref: React.RefObject<HTMLInputElement | HTMLSelectElement | null>,
  value: string,
) {
  useEffect(() => {
    const field = ref.current
    if (field && document.activeElement !== field && field.value !== value) field.value = value
  }, [ref, value])
}
