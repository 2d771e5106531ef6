import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import type { BuildOptions, Plugin } from 'vite'
import { defineConfig } from 'vitest/config'

/** One version for every picture in public/images and public/brands, from their names and bytes (see app/lib/static-images.ts). */
function publicImagesVersion(): string {
  const hash = createHash('sha256')
  for (const folder of ['public/images', 'public/brands']) {
    const files = readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
      .sort()
    for (const file of files) hash.update(file).update('\0').update(readFileSync(file)).update('\0')
  }
  return hash.digest('base64url').slice(0, 10)
}

const rootModule = fileURLToPath(new URL('./app/root.tsx', import.meta.url))

/**
 * The app's own modules that the root layout imports, directly or not, go into
 * one chunk: every page loads them anyway, and one file compresses better than
 * a dozen small ones (each gzipped file pays its own header and dictionary).
 */
function layoutChunk(id: string, meta: { getModuleInfo: (id: string) => { importers: readonly string[] } | null }) {
  if (id.includes('node_modules') || !id.startsWith(fileURLToPath(new URL('./app/', import.meta.url)))) return undefined
  const seen = new Set<string>()
  const stack = [id]
  while (stack.length > 0) {
    const current = stack.pop()!
    if (current === rootModule) return 'layout'
    if (seen.has(current)) continue
    seen.add(current)
    stack.push(...(meta.getModuleInfo(current)?.importers ?? []))
  }
  return undefined
}

/**
 * Route modules with no component (feeds, sitemaps, exports, the health check,
 * form-only routes): React Router still gives each one a browser module so its
 * manifest can name it, and that module is empty by design. Rollup reports
 * each as "Generated an empty chunk"; those reports are expected and dropped
 * here, by name. Any other empty chunk is still reported.
 */
function resourceRouteChunkNames(): Set<string> {
  const folder = fileURLToPath(new URL('./app/routes/', import.meta.url))
  const names = new Set<string>()
  for (const file of readdirSync(folder)) {
    if (!/\.tsx?$/.test(file) || file.includes('.server.')) continue
    if (/^export (?:default |\{[^}]*\bdefault\b)/m.test(readFileSync(join(folder, file), 'utf8'))) continue
    // As Rollup names the chunk: the file's base name, with [ ] and $ as _ (feed[.]xml.ts is "feed_._xml").
    names.add(file.replace(/\.tsx?$/, '').replace(/[^\w.-]/g, '_'))
  }
  return names
}

/**
 * Rollup's warnings: the empty chunks of resource routes are expected (see
 * resourceRouteChunkNames); everything else is reported.
 */
function reportUnexpected(): NonNullable<NonNullable<BuildOptions['rollupOptions']>['onwarn']> {
  const expectedEmpty = resourceRouteChunkNames()
  return (warning, warn) => {
    if (warning.code === 'EMPTY_BUNDLE' && (warning.names ?? []).every((name) => expectedEmpty.has(name))) return
    warn(warning)
  }
}

/**
 * Vite builds the browser and the server from one configuration. The browser's
 * modules of the root layout go into one chunk (layoutChunk), and the server
 * build is not minified: it stays readable (stack traces name real functions).
 */
function perEnvironment(): Plugin {
  return {
    name: 'lsc:per-environment-build',
    configEnvironment(name) {
      if (name === 'client') return { build: { rollupOptions: { output: { manualChunks: layoutChunk } } } }
      return { build: { minify: false } }
    },
  }
}

export default defineConfig({
  // Vitest runs without the React Router plugin, which does not work under it.
  plugins: process.env.VITEST ? [] : [tailwindcss(), reactRouter(), perEnvironment()],
  define: { __PUBLIC_IMAGES_VERSION__: JSON.stringify(publicImagesVersion()) },
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  server: { port: Number(process.env.PORT ?? 3000) },
  // The browser's scripts are minified by terser (two passes): about 4 KB less
  // gzipped JavaScript on every page than esbuild's minifier, most of it in
  // React and React Router. (Vite runs terser only when this top-level option
  // names it; perEnvironment turns minifying off for the server.)
  build: {
    minify: 'terser',
    terserOptions: { compress: { passes: 2 }, module: true },
    rollupOptions: { onwarn: reportUnexpected() },
  },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Generous: a machine busy with other jobs makes password hashing (bcrypt, cost 12) many
    // times slower; a passing test takes no longer for it, and a failing one still fails.
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
})
