import type { Config } from '@react-router/dev/config'

// React Router (7.18.3 on) refuses an action whose browser Origin differs from the
// request URL, scheme included. Behind a TLS proxy the server sees http:// while
// browsers send an https Origin: allow the configured site host explicitly.
function siteHost(): string[] {
  try {
    return [new URL(process.env.SITE_URL ?? 'http://localhost:3000').host]
  } catch {
    return []
  }
}

export default {
  ssr: true,
  // Separate build folders let several test servers be built side by side.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  allowedActionOrigins: siteHost(),
} satisfies Config
