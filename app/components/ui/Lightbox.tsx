import { type MouseEvent, useEffect, useRef, useState } from 'react'

import { LineIcon } from '~/components/ui/LineIcon'

export interface LightboxImage {
  src: string
  alt: string
  caption: string
  width: number
  height: number
}

/**
 * A gallery whose thumbnails are links to the full images (works without
 * JavaScript). With JavaScript a click opens a native modal <dialog> that
 * closes on its close button, on Escape and on a click on the backdrop; focus
 * returns to the image link that opened it.
 */
export function LightboxGallery({ images }: { images: LightboxImage[] }) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const openerRef = useRef<HTMLAnchorElement | null>(null)
  const [current, setCurrent] = useState<LightboxImage | null>(null)

  useEffect(() => {
    const dialog = dialogRef.current
    if (current && dialog && !dialog.open) dialog.showModal()
  }, [current])

  function open(event: MouseEvent<HTMLAnchorElement>, image: LightboxImage) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    if (typeof HTMLDialogElement === 'undefined' || !dialogRef.current?.showModal) return
    event.preventDefault()
    openerRef.current = event.currentTarget
    // A fresh object, so that reopening the image just closed shows the dialog again.
    setCurrent({ ...image })
  }

  function close() {
    dialogRef.current?.close()
  }

  function onClose() {
    // The close event arrives a task after close(); by then the viewer may have been opened again.
    if (dialogRef.current?.open) return
    setCurrent(null)
    openerRef.current?.focus()
  }

  function onDialogClick(event: MouseEvent<HTMLDialogElement>) {
    // A click on the dialog element itself (not its content) is a click on the backdrop.
    if (event.target === dialogRef.current) close()
  }

  return (
    <>
      {/* Two small pictures a row on a phone, so the viewer shows each one much larger than its thumbnail. */}
      <ul className="grid grid-cols-2 gap-3 sm:gap-6">
        {images.map((image) => (
          <li key={image.src}>
            <figure className="overflow-hidden rounded-3xl bg-white shadow-md ring-1 ring-cream-200">
              <a
                href={image.src}
                onClick={(event) => open(event, image)}
                className="group relative block cursor-zoom-in"
                aria-label={`View larger: ${image.alt}`}
              >
                <img
                  src={image.src}
                  alt={image.alt}
                  width={image.width}
                  height={image.height}
                  loading="lazy"
                  className="aspect-[3/2] w-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
                />
              </a>
              <figcaption className="px-3 py-2 text-sm text-ink-700 sm:px-5 sm:py-4 sm:text-base">
                {image.caption}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      {/* A click on the backdrop closes the viewer; keyboards have Escape (native) and the close button. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
      <dialog
        ref={dialogRef}
        onClose={onClose}
        onClick={onDialogClick}
        aria-label={current ? current.alt : 'Image viewer'}
        className="m-auto max-h-[100dvh] w-screen max-w-none overflow-visible bg-transparent p-0 backdrop:bg-brand-950/85 sm:max-h-[94dvh] sm:w-[min(72rem,94vw)]"
      >
        {current ? (
          <figure className="relative">
            <button
              type="button"
              onClick={close}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- in a modal dialog, autofocus is how the opener chooses the first focus
              autoFocus
              className="absolute top-2 right-2 z-10 flex size-11 items-center justify-center rounded-full bg-cream-50 text-ink-900 shadow-lg hover:bg-white sm:-top-4 sm:-right-4"
              aria-label="Close image"
            >
              <LineIcon d="M6 6l12 12M18 6L6 18" className="size-5" strokeWidth={2.4} />
            </button>
            <img
              src={current.src}
              alt={current.alt}
              width={current.width}
              height={current.height}
              className="max-h-[calc(100dvh-7rem)] w-full object-contain sm:max-h-[calc(94dvh-5rem)] sm:rounded-2xl"
            />
            {/* In the flow under the picture, which leaves room for it: the caption never covers the image. */}
            <figcaption className="mx-auto mt-3 w-fit max-w-[calc(100%-2rem)] rounded-xl bg-brand-950 px-4 py-2 text-center text-cream-50">
              {current.caption}
            </figcaption>
          </figure>
        ) : null}
      </dialog>
    </>
  )
}
