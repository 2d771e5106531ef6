// Part of `npm run build`: the command-line tools (scripts/*.ts run by npm run
// db:migrate, db:seed, db:backup, db:restore, posts:render, user:create) as plain
// JavaScript in build/cli/, for a production install (the container) that has
// no TypeScript, no tsx and no other development dependency. Node's own type
// stripping cannot run them as they are: they import through the `~` alias,
// without file extensions, and use TypeScript-only syntax (parameter properties).
// Packages stay outside the bundle (imported from node_modules at run time).
import { rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { build } from 'vite'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const outDir = path.resolve(root, process.env.BUILD_DIR ?? 'build', 'cli')
const COMMANDS = ['migrate', 'seed', 'backup', 'restore', 'render-posts', 'user-create']

rmSync(outDir, { recursive: true, force: true })
await build({
  configFile: false,
  root,
  logLevel: 'warn',
  publicDir: false,
  resolve: { alias: { '~': path.join(root, 'app') } },
  build: {
    ssr: true,
    outDir,
    emptyOutDir: true,
    target: 'node24',
    minify: false,
    rollupOptions: {
      input: Object.fromEntries(COMMANDS.map((name) => [name, path.join(root, 'scripts', `${name}.ts`)])),
      output: { format: 'esm', entryFileNames: '[name].js', chunkFileNames: 'shared-[hash].js' },
    },
  },
})
console.log(`Command-line tools built into ${path.relative(root, outDir)}/ (${COMMANDS.join(', ')})`)
