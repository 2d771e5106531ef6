import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { publicImageSize } from '~/models/public-images.server'

/** A PNG header of the given size (signature and IHDR: all the size reader looks at). */
function png(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(33)
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes)
  bytes.writeUInt32BE(13, 8)
  bytes.write('IHDR', 12, 'latin1')
  bytes.writeUInt32BE(width, 16)
  bytes.writeUInt32BE(height, 20)
  return bytes
}

let build: string
const savedBuildDir = process.env.BUILD_DIR
beforeEach(() => {
  build = mkdtempSync(join(tmpdir(), 'lsc-build-'))
  mkdirSync(join(build, 'client', 'images', 'deep'), { recursive: true })
  process.env.BUILD_DIR = build
})
afterEach(() => {
  rmSync(build, { recursive: true, force: true })
  if (savedBuildDir === undefined) delete process.env.BUILD_DIR
  else process.env.BUILD_DIR = savedBuildDir
})

describe('the size of an image shipped with the site', () => {
  it('is read from public/, PNG and SVG alike, whatever the query or fragment', () => {
    expect(publicImageSize('/images/social-default.png')).toEqual({ width: 1200, height: 630 })
    expect(publicImageSize('/images/logo.svg')).toEqual({ width: 96, height: 96 })
    expect(publicImageSize('/images/social-default.png?v=2#top')).toEqual({ width: 1200, height: 630 })
  })

  it('is read from the build’s client folder when public/ does not have it', () => {
    writeFileSync(join(build, 'client', 'images', 'deep', 'built.PNG'), png(640, 480))
    expect(publicImageSize('/images/deep/built.PNG')).toEqual({ width: 640, height: 480 })
  })

  it('follows a file that changed since it was last read', () => {
    const file = join(build, 'client', 'images', 'changing.png')
    writeFileSync(file, png(100, 50))
    expect(publicImageSize('/images/changing.png')).toEqual({ width: 100, height: 50 })
    writeFileSync(file, png(300, 200))
    const later = new Date(Date.now() + 10_000)
    utimesSync(file, later, later)
    expect(publicImageSize('/images/changing.png')).toEqual({ width: 300, height: 200 })
  })

  it('is unknown for a missing file, a folder, a file that is no image, or a path outside the site', () => {
    writeFileSync(join(build, 'client', 'images', 'fake.png'), 'not a png at all')
    mkdirSync(join(build, 'client', 'images', 'folder.png'))
    expect(publicImageSize('/images/missing.png')).toBeNull()
    expect(publicImageSize('/images/fake.png')).toBeNull()
    expect(publicImageSize('/images/folder.png')).toBeNull()
    expect(publicImageSize('/images/../../package.json')).toBeNull()
    expect(publicImageSize('/images/x..png')).toBeNull()
    expect(publicImageSize('/site.webmanifest')).toBeNull()
    expect(publicImageSize('images/social-default.png')).toBeNull()
    expect(publicImageSize('https://cdn.example/images/social-default.png')).toBeNull()
  })
})
