/** 'tel:' address of a printed phone number: '(405) 555-0142' → 'tel:+14055550142'. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '')
  if (digits.startsWith('+')) return `tel:${digits}`
  if (digits.length === 10) return `tel:+1${digits}`
  return `tel:${digits}`
}
