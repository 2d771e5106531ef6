import { readFileSync } from 'node:fs'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { serverNodeFlags } from '../../scripts/server-command.mjs'

const ROOT = join(import.meta.dirname, '..', '..')

describe('how the server is started', () => {
  it('the image starts it with the same Node flags as `npm start` (the bench and the browser tests use them too)', () => {
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8')
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]) as string[]
    expect(cmd).toEqual(['node', ...serverNodeFlags(ROOT), 'server.mjs'])
  })
})
