import { type MouseEvent, useEffect, useRef } from 'react'

import { showToast } from '~/components/ui/Toaster'

/** Where each social option sends the reader. */
export function shareLinks(url: string, title: string) {
  const u = encodeURIComponent(url)
  const t = encodeURIComponent(title)
  return [
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: 'X (Twitter)', href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { name: 'Reddit', href: `https://www.reddit.com/submit?url=${u}&title=${t}` },
  ]
}

/** Share windows are 600×400 and have no opener. */
const SHARE_WINDOW_FEATURES = 'noopener,noreferrer,width=600,height=400'

/** Opens a social link in a small window; without JavaScript the link opens in a new tab. */
function openShareWindow(event: MouseEvent<HTMLAnchorElement>, href: string) {
  event.preventDefault()
  window.open(href, '_blank', SHARE_WINDOW_FEATURES)
}

async function copyToClipboard(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text)
      return true
    }
  } catch {
    // fall through to the selection-based copy
  }
  try {
    const area = document.createElement('textarea')
    area.value = text
    area.setAttribute('readonly', '')
    area.style.position = 'fixed'
    area.style.opacity = '0'
    document.body.appendChild(area)
    area.select()
    const ok = document.execCommand('copy')
    area.remove()
    return ok
  } catch {
    return false
  }
}

async function copyLink(event: MouseEvent<HTMLAnchorElement>, url: string) {
  event.preventDefault()
  if (await copyToClipboard(url)) {
    showToast({ type: 'success', title: 'Link copied!', description: 'Blog post link copied to clipboard' })
  } else {
    showToast({ type: 'error', title: 'Could not copy the link', description: url })
  }
}

const ICONS: Record<string, string> = {
  Facebook: 'M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v7h4v-7h3l1-4h-4V8.5c0-.3.2-.5.5-.5Z',
  'X (Twitter)': 'M4 4l6.6 8.8L4.3 20H6l5.4-6.1L16 20h4l-7-9.3L18.9 4H17.2l-5 5.6L8 4H4Z',
  Reddit:
    'M20 12.2a2 2 0 0 0-3.4-1.4 9.6 9.6 0 0 0-4.9-1.5l.9-3.9 2.8.6a1.4 1.4 0 1 0 .2-1l-3.3-.7a.5.5 0 0 0-.6.4l-1 4.6a9.7 9.7 0 0 0-5 1.5 2 2 0 1 0-2.2 3.3 3.7 3.7 0 0 0 0 .6c0 3 3.5 5.4 7.8 5.4s7.8-2.4 7.8-5.4a3.7 3.7 0 0 0 0-.6 2 2 0 0 0 1.1-1.9ZM8 13.6a1.3 1.3 0 1 1 1.3 1.3A1.3 1.3 0 0 1 8 13.6Zm7.3 3.5a5 5 0 0 1-3.3 1 5 5 0 0 1-3.3-1 .4.4 0 0 1 .5-.6 4.2 4.2 0 0 0 2.8.8 4.2 4.2 0 0 0 2.8-.8.4.4 0 1 1 .5.6Zm-.3-2.2a1.3 1.3 0 1 1 1.3-1.3 1.3 1.3 0 0 1-1.3 1.3Z',
  'Copy Link': 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1m1 5.7a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
}

function Icon({ name }: { name: string }) {
  const stroke = name === 'Copy Link'
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
      className="shrink-0"
      fill={stroke ? 'none' : 'currentColor'}
      stroke={stroke ? 'currentColor' : 'none'}
      strokeWidth={stroke ? 2 : 0}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={ICONS[name]} />
    </svg>
  )
}

/**
 * The Share button and its dropdown (Facebook, X, Reddit, Copy Link). A <details> so it opens
 * without JavaScript, where the options are plain links in a new tab. With
 * JavaScript social options open a 600×400 window, Copy Link copies, and the
 * dropdown closes after a choice, on Escape (focus back to Share) or on a click
 * outside.
 */
export function ShareMenu({ url, title }: { url: string; title: string }) {
  const detailsRef = useRef<HTMLDetailsElement>(null)
  const summaryRef = useRef<HTMLElement>(null)

  const close = (restoreFocus: boolean) => {
    if (detailsRef.current) detailsRef.current.open = false
    if (restoreFocus) summaryRef.current?.focus()
  }

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const details = detailsRef.current
      if (details?.open && !details.contains(event.target as Node)) details.open = false
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [])

  const item =
    'flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm font-medium text-ink-900 hover:bg-cream-100 focus-visible:bg-cream-100'

  return (
    // Escape anywhere in the open menu closes it: a key handler on the disclosure, whose summary is the control.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <details
      ref={detailsRef}
      className="group relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && detailsRef.current?.open) {
          event.preventDefault()
          close(true)
        }
      }}
    >
      <summary
        ref={summaryRef}
        className="inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-full border border-cream-300 bg-white px-5 text-sm font-semibold text-ink-900 hover:border-brand-600 hover:text-brand-800 [&::-webkit-details-marker]:hidden"
      >
        <svg
          viewBox="0 0 24 24"
          width="18"
          height="18"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M4 12v7a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-7M16 6l-4-4-4 4M12 2v14" />
        </svg>
        Share
      </summary>
      <ul
        aria-label="Share options"
        className="absolute left-0 z-20 mt-2 w-56 rounded-xl border border-cream-200 bg-white p-1.5 shadow-lg sm:right-0 sm:left-auto"
      >
        {shareLinks(url, title).map((link) => (
          <li key={link.name}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className={item}
              onClick={(event) => {
                openShareWindow(event, link.href)
                close(true)
              }}
            >
              <Icon name={link.name} />
              {link.name}
            </a>
          </li>
        ))}
        <li>
          <a
            href={url}
            className={item}
            onClick={(event) => {
              void copyLink(event, url)
              close(true)
            }}
          >
            <Icon name="Copy Link" />
            Copy Link
          </a>
        </li>
      </ul>
    </details>
  )
}

/** The 'Share this article:' row under the post: the same options as round buttons. */
export function ShareRow({ url, title }: { url: string; title: string }) {
  const button =
    'inline-flex min-h-11 items-center gap-2 rounded-full border border-cream-300 bg-white px-4 text-sm font-semibold text-ink-900 hover:border-brand-600 hover:text-brand-800'
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <p className="font-semibold text-ink-900">Share this article:</p>
      <ul className="flex flex-wrap gap-2" aria-label="Share this article">
        {shareLinks(url, title).map((link) => (
          <li key={link.name}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className={button}
              onClick={(event) => openShareWindow(event, link.href)}
            >
              <Icon name={link.name} />
              {link.name}
            </a>
          </li>
        ))}
        <li>
          <a href={url} className={button} onClick={(event) => void copyLink(event, url)}>
            <Icon name="Copy Link" />
            Copy Link
          </a>
        </li>
      </ul>
    </div>
  )
}
