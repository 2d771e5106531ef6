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

/**
 * A phone number as every page prints it. Staff may type a US number any way
 * ('405.555.0199', '4055550199', '+1 405 555 0199'); it is stored as typed and
 * shown as '(405) 555-0199'. A number that is not a ten-digit US one (with or
 * without its leading 1) is shown as typed.
 */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  const us = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits
  if (us.length !== 10) return phone.trim()
  return `(${us.slice(0, 3)}) ${us.slice(3, 6)}-${us.slice(6)}`
}
