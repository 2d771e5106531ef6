/**
 * The tap-to-call address of a printed phone number. A number written with its
 * country code ('+1 405 555 0142') keeps it; a ten-digit US number ('(405)
 * 555-0142') and one with a leading 1 ('1-405-555-0142') get +1: all three give
 * 'tel:+14055550142'. Anything else keeps its digits as written.
 */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  if (phone.trim().startsWith('+')) return `tel:+${digits}`
  if (digits.length === 10) return `tel:+1${digits}`
  if (digits.length === 11 && digits.startsWith('1')) return `tel:+${digits}`
  return `tel:${digits}`
}
