import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'

import { PostSchema, splitNames } from '~/schemas/post'

function form(values: Record<string, string | string[]>) {
  const data = new FormData()
  for (const [key, value] of Object.entries(values)) {
    for (const v of Array.isArray(value) ? value : [value]) data.append(key, v)
  }
  return data
}

function errorsOf(values: Record<string, string | string[]>) {
  const submission = parseWithZod(form(values), { schema: PostSchema })
  return submission.status === 'success' ? {} : (submission.error ?? {})
}

describe('PostSchema limits and messages', () => {
  it('accepts a minimal draft', () => {
    const submission = parseWithZod(form({ title: 'Hello', status: 'draft' }), { schema: PostSchema })
    expect(submission.status).toBe('success')
    if (submission.status !== 'success') return
    expect(submission.value).toMatchObject({
      title: 'Hello',
      status: 'draft',
      content: '',
      category_ids: [],
      tag_ids: [],
    })
  })

  it('requires a title', () => {
    expect(errorsOf({ title: '' }).title).toEqual(['Title is required'])
  })

  it('limits the title to 200 characters', () => {
    expect(errorsOf({ title: 'a'.repeat(200) }).title).toBeUndefined()
    expect(errorsOf({ title: 'a'.repeat(201) }).title).toEqual(['Title must be less than 200 characters'])
  })

  it('limits the content to 100000 characters', () => {
    expect(errorsOf({ title: 't', content: 'a'.repeat(100000) }).content).toBeUndefined()
    expect(errorsOf({ title: 't', content: 'a'.repeat(100001) }).content).toEqual([
      'Content must be less than 100000 characters',
    ])
  })

  it('limits the excerpt to 500 characters', () => {
    expect(errorsOf({ title: 't', excerpt: 'a'.repeat(500) }).excerpt).toBeUndefined()
    expect(errorsOf({ title: 't', excerpt: 'a'.repeat(501) }).excerpt).toEqual([
      'Excerpt must be less than 500 characters',
    ])
  })

  it('limits meta title to 60 and meta description to 160 characters', () => {
    expect(errorsOf({ title: 't', meta_title: 'a'.repeat(60), meta_description: 'b'.repeat(160) })).toEqual({})
    const errors = errorsOf({ title: 't', meta_title: 'a'.repeat(61), meta_description: 'b'.repeat(161) })
    expect(errors.meta_title).toEqual(['Meta title must be 60 characters or less'])
    expect(errors.meta_description).toEqual(['Meta description must be 160 characters or less'])
  })

  it('normalises the slug by the slug rule', () => {
    const submission = parseWithZod(form({ title: 't', slug: '  Hello, World!  ' }), { schema: PostSchema })
    expect(submission.status === 'success' && submission.value.slug).toBe('hello-world')
  })

  it('refuses an unknown status and a malformed publish date', () => {
    const errors = errorsOf({ title: 't', status: 'archived', published_at: 'tomorrow' })
    expect(errors.status).toEqual(['Choose draft, scheduled or published'])
    expect(errors.published_at).toEqual(['Enter a valid date and time'])
  })

  it('refuses a date that does not exist, which would otherwise put a Published post on the site at once', () => {
    for (const published_at of ['2026-02-30T10:00', '2026-11-29T24:00', '2026-11-29T09:60']) {
      expect(errorsOf({ title: 't', status: 'published', published_at }).published_at, published_at).toEqual([
        'Enter a valid date and time',
      ])
    }
    expect(errorsOf({ title: 't', status: 'published', published_at: '2028-02-29T10:00' }).published_at).toBeUndefined()
  })

  it('accepts uploaded paths and https image addresses, refuses other schemes', () => {
    expect(
      errorsOf({ title: 't', hero_image_url: '/uploads/blog-images/a.png', og_image_url: 'https://x.test/a.png' }),
    ).toEqual({})
    expect(errorsOf({ title: 't', og_image_url: 'javascript:alert(1)' }).og_image_url).toHaveLength(1)
    expect(errorsOf({ title: 't', hero_image_url: '//evil.test/a.png' }).hero_image_url).toHaveLength(1)
  })

  it('reads category and tag ids as numbers', () => {
    const submission = parseWithZod(form({ title: 't', category_ids: ['3', '5'], tag_ids: '7' }), {
      schema: PostSchema,
    })
    expect(submission.status === 'success' && submission.value.category_ids).toEqual([3, 5])
    expect(submission.status === 'success' && submission.value.tag_ids).toEqual([7])
  })
})

describe('splitNames', () => {
  it('splits, trims and drops duplicates and names without letters or digits', () => {
    expect(splitNames(' Edibles, Wellness , ,edibles, --- ,News')).toEqual(['Edibles', 'Wellness', 'News'])
    expect(splitNames(undefined)).toEqual([])
  })

  it('keeps names of up to 100 characters and drops longer ones', () => {
    const longest = 'a'.repeat(100)
    expect(splitNames(`${longest}, ${'b'.repeat(101)}, Topicals`)).toEqual([longest, 'Topicals'])
  })
})
