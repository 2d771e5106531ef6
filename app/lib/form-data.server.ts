import { data } from 'react-router'

export const UNREADABLE_FORM_MESSAGE = 'The form could not be read. Please reload the page and try again.'

/** The posted form, or a 400 with a clear message when the body is not a readable form. */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData()
  } catch {
    throw data(UNREADABLE_FORM_MESSAGE, { status: 400 })
  }
}
