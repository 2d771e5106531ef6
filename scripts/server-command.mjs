// How the server is started, in one place: `npm start` ("scripts.start" in
// package.json) says it, and the bench, the browser tests' servers and the
// image's CMD use the same Node flags (a unit test holds the image to it).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** The Node flags of `npm start`, e.g. ['--max-semi-space-size=4']. */
export function serverNodeFlags(root = process.cwd()) {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  const words = manifest.scripts.start.split(/\s+/)
  if (words[0] !== 'node' || words.at(-1) !== 'server.mjs') throw new Error('scripts.start is not `node … server.mjs`')
  return words.slice(1, -1)
}
