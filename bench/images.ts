/**
 * npm run bench:images: what crafted pictures cost the upload pipeline. Three
 * PNGs an outside probe sent (a few KB declaring 49,999,999 × 1 px and
 * 1 × 49,000,000 px, and a 7000 × 7000 16-bit one) and a normal photo of
 * about 1 MB are handed to the pipeline at the same moment, then each alone.
 * Reported: how each ended (kept or refused, with the message), how long it
 * took, and the growth of this process's resident memory over its start
 * (sampled every 10 ms). Targets, reported only: each crafted picture settled
 * within 2 s and memory growth ≤ 100 MB; the photo done within 3 s. Last, a
 * full-size camera photo (4000 × 3000, about 4.5 MB) sent as a brand logo,
 * which is trimmed of its margin first: the heaviest upload staff can send.
 */
import { performance } from 'node:perf_hooks'

import { processImage } from '~/models/image-pipeline.server'

import { craftedPng } from '../tests/support/crafted-png'
import { cameraPhoto } from '../tests/support/photo'

const rssMB = () => process.memoryUsage().rss / 1024 / 1024

interface Outcome {
  name: string
  bytes: number
  result: string
  ms: number
}

async function settle(name: string, bytes: Buffer, started: number, trim = false): Promise<Outcome> {
  let result: string
  try {
    const jpeg = name.includes('photo')
    const processed = await processImage(
      bytes,
      { contentType: jpeg ? 'image/jpeg' : 'image/png', extension: jpeg ? 'jpg' : 'png' },
      { trim },
    )
    result = `kept, ${processed?.main.width}×${processed?.main.height}, ${processed?.variants.length} copies`
  } catch (error) {
    result = `refused: ${(error as Error).message}`
  }
  return { name, bytes: bytes.length, result, ms: Math.round(performance.now() - started) }
}

async function measured(run: () => Promise<Outcome[]>) {
  const base = rssMB()
  let peak = base
  const sampler = setInterval(() => (peak = Math.max(peak, rssMB())), 10)
  const outcomes = await run()
  clearInterval(sampler)
  return { outcomes, growthMB: Math.round(Math.max(peak, rssMB()) - base) }
}

const inputs: [string, Buffer][] = [
  ['49,999,999 × 1 PNG', await craftedPng({ width: 49_999_999, height: 1 })],
  ['1 × 49,000,000 PNG', await craftedPng({ width: 1, height: 49_000_000 })],
  ['7000 × 7000 16-bit PNG', await craftedPng({ width: 7000, height: 7000, bitDepth: 16, colour: 'rgb' })],
  ['photo', await cameraPhoto({ width: 2400, height: 1800, quality: 90 })],
]
// One run to load the libraries, so their memory is not counted.
await settle('photo', inputs[3][1], performance.now())

const together = await measured(() => {
  const started = performance.now()
  return Promise.all(inputs.map(([name, bytes]) => settle(name, bytes, started)))
})
const alone: { outcome: Outcome; growthMB: number }[] = []
for (const [name, bytes] of inputs) {
  const run = await measured(async () => [await settle(name, bytes, performance.now())])
  alone.push({ outcome: run.outcomes[0], growthMB: run.growthMB })
}

console.log(
  `All four at once: RSS growth ${together.growthMB} MB (≤ 100: ${together.growthMB <= 100 ? 'met' : 'MISSED'})`,
)
for (const o of together.outcomes) {
  const limit = o.name === 'photo' ? 3000 : 2000
  console.log(
    `  ${o.name} (${Math.round(o.bytes / 1024)} KB): ${o.ms} ms (≤ ${limit}: ${o.ms <= limit ? 'met' : 'MISSED'}) — ${o.result}`,
  )
}
console.log('Each alone:')
for (const { outcome: o, growthMB } of alone) {
  console.log(`  ${o.name}: ${o.ms} ms, RSS growth ${growthMB} MB — ${o.result}`)
}
const logo = await cameraPhoto()
const trimmed = await measured(async () => [await settle('photo as a logo', logo, performance.now(), true)])
console.log(
  `A ${Math.round(logo.length / 1024)} KB camera photo as a brand logo, trimmed: ${trimmed.outcomes[0].ms} ms, RSS growth ${trimmed.growthMB} MB — ${trimmed.outcomes[0].result}`,
)
