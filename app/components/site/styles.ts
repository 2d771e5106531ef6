/** Shared class lists for the public pages' calls to action. */
export const buttonPrimary =
  'inline-flex items-center justify-center gap-2 rounded-full bg-accent-400 px-6 py-3 font-semibold text-ink-900 shadow-sm hover:bg-accent-300'
export const buttonBrand =
  'inline-flex items-center justify-center gap-2 rounded-full bg-brand-800 px-6 py-3 font-semibold text-cream-50 shadow-sm hover:bg-brand-700'
export const buttonOutlineLight =
  'inline-flex items-center justify-center gap-2 rounded-full border-2 border-cream-50/80 px-6 py-2.5 font-semibold text-cream-50 hover:bg-cream-50/10'
export const buttonOutline =
  'inline-flex items-center justify-center gap-2 rounded-full border-2 border-brand-800 px-6 py-2.5 font-semibold text-brand-800 hover:bg-brand-50'
export const eyebrow = 'text-sm font-semibold tracking-wider text-accent-800 uppercase'
export const sectionTitle = 'text-3xl font-semibold text-brand-900 sm:text-4xl'
