import { describe, expect, it } from 'vitest'

import { readMinutes } from '~/lib/reading-time'

const words = (n: number, word = 'word') => Array.from({ length: n }, () => word).join(' ')

describe('reading time', () => {
  it('is a minute per 200 words, rounded up, and at least one', () => {
    expect(readMinutes('')).toBe(1)
    expect(readMinutes(words(1))).toBe(1)
    expect(readMinutes(words(200))).toBe(1)
    expect(readMinutes(words(201))).toBe(2)
    expect(readMinutes(words(400))).toBe(2)
    expect(readMinutes(words(401))).toBe(3)
  })

  it('counts words however they are spaced', () => {
    expect(readMinutes(`${words(150)}\n\n\t${words(150)}   `)).toBe(2)
  })

  it('leaves fenced code out', () => {
    const code = '```js\n' + words(500, 'code();') + '\n```'
    expect(readMinutes(`${words(150)}\n\n${code}\n\n${words(40)}`)).toBe(1)
    // Two code blocks: the prose between them counts.
    expect(readMinutes(`\`\`\`\n${words(300)}\n\`\`\`\n${words(250)}\n\`\`\`\n${words(300)}\n\`\`\``)).toBe(2)
  })

  it('leaves images out, addresses included', () => {
    const images = Array.from({ length: 300 }, (_, i) => `![a long description of picture ${i}](/images/${i}.png)`)
    expect(readMinutes(`${words(150)} ${images.join(' ')}`)).toBe(1)
  })

  it('counts a link by its text, not its address', () => {
    const links = Array.from({ length: 150 }, (_, i) => `[store](https://shop.example/a b c d/${i})`)
    expect(readMinutes(`${words(100)} ${links.join(' ')}`)).toBe(2)
    expect(readMinutes(`${words(40)} ${links.join(' ')}`)).toBe(1)
  })

  it('keeps words apart that code, an image or markup stood between', () => {
    expect(readMinutes(Array.from({ length: 150 }, () => 'before```code```after').join(' '))).toBe(2)
    expect(readMinutes(Array.from({ length: 150 }, () => 'before![a](b.png)after').join(' '))).toBe(2)
    expect(readMinutes(Array.from({ length: 150 }, () => 'well-known').join(' '))).toBe(2)
  })

  it('does not count markup as words', () => {
    const marks = Array.from({ length: 300 }, () => '## > * _ ` ~ -').join('\n')
    expect(readMinutes(`${words(150)}\n${marks}`)).toBe(1)
  })
})
