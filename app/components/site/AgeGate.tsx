import type { SiteSettings } from '~/schemas/settings'

// Foundation version: the public-site issue replaces this with the full gate.
export function AgeGate(_props: { settings: SiteSettings; serverConfirmed: boolean; preview: boolean }) {
  return null
}
