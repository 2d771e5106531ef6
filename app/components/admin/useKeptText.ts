import { type RefObject, useCallback, useEffect, useRef, useState } from 'react'
import { useNavigation, useRouteLoaderData } from 'react-router'

/** The fields whose unsaved text this browser keeps while a post is edited. */
const KEPT_FIELDS = ['title', 'excerpt', 'content'] as const
type KeptField = (typeof KEPT_FIELDS)[number]
type KeptText = Record<KeptField, string> & { at: string }

/** Where the editor sends staff after a save that went through. */
const SAVED_TO = '/admin/blog'
const SIGN_OUT = '/admin/logout'
const WRITE_AFTER_MS = 300

const PREFIX = 'unsaved-post:'
/** Per member of staff and post: on a shared shop computer, nobody is offered another's text. */
const storageKey = (staffId: number | undefined, postId: number | null | undefined) =>
  `${PREFIX}${staffId ?? 'someone'}:${postId ?? 'new'}`

/** The signed-in member of staff, from the admin layout's data. */
function useStaffId(): number | undefined {
  return (useRouteLoaderData('routes/admin') as { id?: number } | undefined)?.id
}

function readKept(key: string): KeptText | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? 'null')
    if (typeof value !== 'object' || value === null) return null
    const record = value as Record<string, unknown>
    if (![...KEPT_FIELDS, 'at'].every((name) => typeof record[name] === 'string')) return null
    return record as KeptText
  } catch {
    // Storage may be unavailable (private mode, full, turned off): nothing is kept, nothing breaks.
    return null
  }
}

function forget(key: string) {
  try {
    localStorage.removeItem(key)
  } catch {
    // as above
  }
}

/** Every post's unsaved text in this browser. */
function forgetAllKeptText() {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key)
  } catch {
    // as above
  }
}

function textOf(form: HTMLFormElement, name: KeptField): string {
  const field = form.elements.namedItem(name)
  return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value : ''
}

/**
 * Nothing typed is lost: while a post is edited, this browser keeps its
 * title, excerpt and body (localStorage, per post), the last of it as the form
 * is sent. A save that goes through forgets them (useForgetSavedText). A save
 * that does not (signed out, a deactivated account, the network gone) leaves them, and
 * the editor, opened again in the same browser, offers them back when they
 * differ from what the server has. Needs JavaScript, as keeping anything in
 * the browser does.
 */
export function useKeptText(
  formRef: RefObject<HTMLFormElement | null>,
  postId: number | null | undefined,
  saved: Record<KeptField, string>,
) {
  const key = storageKey(useStaffId(), postId)
  const [offer, setOffer] = useState<KeptText | null>(null)
  const offerRef = useRef<KeptText | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  // On opening: text from an earlier visit that the server does not have is offered back.
  useEffect(() => {
    const kept = readKept(key)
    if (!kept) return
    if (KEPT_FIELDS.every((name) => kept[name] === saved[name])) forget(key)
    else {
      offerRef.current = kept
      setOffer(kept)
    }
    // Read once per post: `saved` is what the editor opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])

  /**
   * Writes the form's text now; text back to what the server has leaves nothing
   * to keep. While an offer waits, the offered text stays restorable from
   * memory, and what is typed meanwhile is kept too.
   */
  const keepNow = useCallback(() => {
    clearTimeout(timer.current)
    const form = formRef.current
    if (!form) return
    const text = Object.fromEntries(KEPT_FIELDS.map((name) => [name, textOf(form, name)])) as Record<KeptField, string>
    if (KEPT_FIELDS.every((name) => text[name] === saved[name])) return forget(key)
    try {
      localStorage.setItem(key, JSON.stringify({ ...text, at: new Date().toISOString() }))
    } catch {
      // Storage full or turned off: the editor works as before.
    }
  }, [formRef, key, saved])

  /** For the form's input events: keeps the text a moment after the typing pauses. */
  const keepSoon = useCallback(() => {
    clearTimeout(timer.current)
    timer.current = setTimeout(keepNow, WRITE_AFTER_MS)
  }, [keepNow])
  // A write still pending when the editor goes away would outlive a save that went through.
  useEffect(() => () => clearTimeout(timer.current), [])

  /** Puts the kept text back into the form, as if typed. */
  function restore() {
    const form = formRef.current
    const kept = offerRef.current
    offerRef.current = null
    setOffer(null)
    if (!form || !kept) return
    for (const name of KEPT_FIELDS) {
      const field = form.elements.namedItem(name)
      if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) continue
      field.value = kept[name]
      field.dispatchEvent(new Event('input', { bubbles: true }))
    }
  }

  /** Lets the offered text go; what was typed since the editor opened is kept as usual. */
  function discard() {
    offerRef.current = null
    setOffer(null)
    keepNow()
  }

  return { offer, keepSoon, keepNow, restore, discard }
}

/** The editor addresses a save is sent from: a new post, or a post by its id. */
const EDITOR_ACTION = /^\/admin\/blog\/(?:new|edit\/(\d+))\/?$/

/**
 * For the admin layout, which stays on screen while the editor is replaced by
 * the post list: a save that went through (its answer leads to the post list)
 * leaves nothing to keep for that post. A save refused for a signed-out session
 * leads to the sign-in page instead, and one lost to the network goes nowhere.
 */
export function useForgetSavedText() {
  const navigation = useNavigation()
  const staffId = useStaffId()
  useEffect(() => {
    if (navigation.state === 'idle' || !navigation.formAction) return
    const action = new URL(navigation.formAction, window.location.href).pathname
    // Signing out (once the editor's "unsaved changes" question let it go) forgets every
    // unsaved text in this browser: the next person at a shared computer is someone else.
    if (action === SIGN_OUT) return forgetAllKeptText()
    if (navigation.state !== 'loading') return
    if (navigation.location.pathname !== SAVED_TO) return
    const sent = EDITOR_ACTION.exec(action)
    if (sent) forget(storageKey(staffId, sent[1] ? Number(sent[1]) : null))
  }, [navigation, staffId])
}
