import { type ReactNode, useEffect, useId, useRef } from 'react'

/**
 * A modal on the native <dialog> (native elements before script):
 * `showModal()` traps focus and makes the page inert, Escape closes it, and the
 * focus goes back to whatever opened it.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  size = 'md',
}: {
  open: boolean
  onClose: () => void
  title: string
  description?: string
  children: ReactNode
  size?: 'md' | 'lg'
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const opener = useRef<HTMLElement | null>(null)
  const titleId = useId()
  const descriptionId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      dialog.showModal()
    } else if (!open && dialog.open) {
      dialog.close()
    }
  }, [open])

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={() => {
        const target = opener.current
        opener.current = null
        onClose()
        if (target?.isConnected) target.focus()
      }}
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-1.5rem)] overflow-y-auto rounded-lg border border-cream-300 bg-white p-0 text-ink-900 shadow-xl backdrop:bg-ink-900/50 ${
        size === 'lg' ? 'max-w-2xl' : 'max-w-lg'
      }`}
    >
      {open ? (
        <div className="p-5 sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="font-display text-xl font-semibold text-ink-900">
              {title}
            </h2>
            <button
              type="button"
              onClick={() => ref.current?.close()}
              className="-mt-1 -mr-2 rounded-md px-2 py-1 text-2xl leading-none text-ink-700 hover:bg-cream-100 hover:text-ink-900"
              aria-label="Close"
            >
              ×
            </button>
          </div>
          {description ? (
            <p id={descriptionId} className="mt-1 text-sm text-ink-700">
              {description}
            </p>
          ) : null}
          <div className="mt-4">{children}</div>
        </div>
      ) : null}
    </dialog>
  )
}
