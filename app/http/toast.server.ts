import { redirect } from 'react-router'
import { z } from 'zod'

import { signedCookie } from '~/auth/session-cookie.server'
import { parseCookies, TOAST_COOKIE } from '~/http/cookies.server'
import { TRASH_KINDS } from '~/lib/trash'

/** A message carried across a redirect in a flash cookie, shown once as a toast. */
export const ToastSchema = z.object({
  type: z.enum(['success', 'error']).default('success'),
  title: z.string().max(300),
  description: z.string().max(1000).optional(),
  /** a record just moved to the Trash: the toast offers Undo, a form that restores it */
  undo: z.object({ kind: z.enum(TRASH_KINDS), id: z.number().int().positive() }).optional(),
})
export type Toast = z.infer<typeof ToastSchema>

/** Signed, HttpOnly, a minute long; `__Host-toast` on an https site, like the session. */
function toastCookie() {
  return signedCookie(TOAST_COOKIE, 60)
}

export async function toastHeader(toast: z.input<typeof ToastSchema>): Promise<string> {
  return toastCookie().serialize(ToastSchema.parse(toast))
}

/** Redirects and shows a toast on the next page. Extra headers (e.g. Set-Cookie) are kept. */
export async function redirectWithToast(
  url: string,
  toast: z.input<typeof ToastSchema>,
  init: { headers?: HeadersInit } = {},
) {
  const headers = new Headers(init.headers)
  headers.append('Set-Cookie', await toastHeader(toast))
  return redirect(url, { headers })
}

/** Reads (and clears) the flash toast. An unreadable cookie counts as none. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; headers: Headers }> {
  const headers = new Headers()
  const raw = request.headers.get('Cookie')
  if (!parseCookies(raw).has(toastCookie().name)) return { toast: null, headers }
  headers.append('Set-Cookie', await toastCookie().serialize('', { maxAge: 0 }))
  // The cookie library answers null (a bad signature) or {} (bad data) for a
  // cookie it cannot read, rather than throwing; the schema refuses both.
  const parsed = ToastSchema.safeParse(await toastCookie().parse(raw))
  return { toast: parsed.success ? parsed.data : null, headers }
}
