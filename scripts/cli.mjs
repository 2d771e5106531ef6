// npm run db:migrate, db:seed, db:backup, db:restore, posts:render and
// user:create start here: `node scripts/cli.mjs NAME [arguments…]`.
// In a checkout (development dependencies installed) the TypeScript source
// scripts/NAME.ts runs through tsx, so an edit counts at once. In a production
// install (the container: no tsx, no TypeScript) the plain JavaScript that
// `npm run build` made runs instead: build/cli/NAME.js (BUILD_DIR/cli/NAME.js).
import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const [name] = process.argv.splice(2, 1)
if (!name || !/^[a-z-]+$/.test(name)) {
  console.error('usage: node scripts/cli.mjs COMMAND [arguments…]')
  process.exit(2)
}

let tsx
try {
  tsx = await import('tsx/esm/api')
} catch {
  // a production install: no development dependencies
}
if (tsx) {
  tsx.register()
  await import(pathToFileURL(path.resolve('scripts', `${name}.ts`)).href)
} else {
  const built = path.resolve(process.env.BUILD_DIR ?? 'build', 'cli', `${name}.js`)
  if (!existsSync(built)) {
    console.error(`${built} is missing: run npm run build first (it builds the command-line tools too)`)
    process.exit(1)
  }
  await import(pathToFileURL(built).href)
}
