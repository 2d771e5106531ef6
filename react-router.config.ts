import type { Config } from '@react-router/dev/config'

// Behind a TLS proxy the server sees http:// while browsers send an https Origin
// (STACK.md trap 4): allow the configured site host explicitly.
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
