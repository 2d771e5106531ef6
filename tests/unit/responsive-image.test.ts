import { describe, expect, it } from 'vitest'

import { defaultImageAlt } from '~/lib/image-alt'
import { responsiveSources, variantWidths } from '~/lib/responsive-image'
import { PUBLIC_IMAGES_VERSION, staticImageUrl, versionStaticImages } from '~/lib/static-images'

/** The addresses pages ask for pictures with: the copies of an upload, and the version of shipped pictures. */
const UUID = '0f8fad5b-d9cb-469f-a165-70867728950e'

describe('the widths stored for an upload', () => {
  it('are the standard ones below its width, and its own width up to 1600', () => {
    expect(variantWidths(3000)).toEqual([400, 800, 1200, 1600])
    expect(variantWidths(1600)).toEqual([400, 800, 1200, 1600])
    expect(variantWidths(1000)).toEqual([400, 800, 1000])
    expect(variantWidths(800)).toEqual([400, 800])
    expect(variantWidths(300)).toEqual([300])
  })
})

describe('the sources of an upload', () => {
  it('list AVIF, WebP and the own format by width; the largest in the own format is the upload itself', () => {
    const url = `/uploads/blog-images/${UUID}.jpg`
    const base = `/uploads/blog-images/${UUID}`
    expect(responsiveSources(url, { width: 1000, height: 750 })).toEqual({
      avif: `${base}-400.avif 400w, ${base}-800.avif 800w, ${base}-1000.avif 1000w`,
      webp: `${base}-400.webp 400w, ${base}-800.webp 800w, ${base}-1000.webp 1000w`,
      fallback: `${base}-400.jpg 400w, ${base}-800.jpg 800w, ${url} 1000w`,
    })
  })

  it('name the WebP copy of a WebP upload by its width too', () => {
    const url = `/uploads/deals/${UUID}.webp`
    const base = `/uploads/deals/${UUID}`
    expect(responsiveSources(url, { width: 800, height: 400 })).toEqual({
      avif: `${base}-400.avif 400w, ${base}-800.avif 800w`,
      webp: `${base}-400.webp 400w, ${base}-800.webp 800w`,
      fallback: `${base}-400.webp 400w, ${base}-800.webp 800w`,
    })
  })

  it('work for PNG brand logos', () => {
    const url = `/uploads/brands/${UUID}.png`
    expect(responsiveSources(url, { width: 400, height: 400 })?.fallback).toBe(`${url} 400w`)
  })

  // A picture under a folder no list has is never stored, so it has no known size (uploadSizes).
  it('are none for other pictures, or without a known size', () => {
    for (const url of [
      `/uploads/blog-images/${UUID}.gif`,
      `/uploads/blog-images/not-a-uuid.jpg`,
      `/uploads/blog-images/${UUID}.jpg?x=1`,
      `https://example.com/uploads/blog-images/${UUID}.jpg`,
      '/images/hero.svg',
    ]) {
      expect(responsiveSources(url, { width: 800, height: 600 }), url).toBeNull()
    }
    expect(responsiveSources(`/uploads/blog-images/${UUID}.jpg`, null)).toBeNull()
    expect(responsiveSources(null, { width: 800, height: 600 })).toBeNull()
    expect(responsiveSources('', { width: 800, height: 600 })).toBeNull()
  })
})

describe('shipped pictures', () => {
  it('carry the build’s version; other addresses stay as they are', () => {
    expect(PUBLIC_IMAGES_VERSION).toMatch(/^[\w-]{10}$/)
    expect(staticImageUrl('/images/hero.svg')).toBe(`/images/hero.svg?v=${PUBLIC_IMAGES_VERSION}`)
    expect(staticImageUrl('/brands/prairie-gold.svg')).toBe(`/brands/prairie-gold.svg?v=${PUBLIC_IMAGES_VERSION}`)
    for (const url of [
      '/images/hero.svg?v=old',
      '/images/',
      '/uploads/blog-images/x.jpg',
      'https://example.com/images/a.svg',
      '/social-default.png',
      'x/images/a.svg',
    ]) {
      expect(staticImageUrl(url), url).toBe(url)
    }
  })

  it('get their version inside a post’s HTML, other pictures and links left alone', () => {
    const html = [
      '<p><img src="/images/hero.svg" alt="Hero" /></p>',
      '<p><img alt="Logo" src="/brands/blue.svg" loading="lazy" /></p>',
      '<p><img src="/uploads/blog-images/x.jpg" /></p>',
      '<p><img src="/images/a.svg?v=old" /></p>',
      '<a href="/images/hero.svg">hero</a>',
    ].join('')
    expect(versionStaticImages(html)).toBe(
      [
        `<p><img src="/images/hero.svg?v=${PUBLIC_IMAGES_VERSION}" alt="Hero" /></p>`,
        `<p><img alt="Logo" src="/brands/blue.svg?v=${PUBLIC_IMAGES_VERSION}" loading="lazy" /></p>`,
        '<p><img src="/uploads/blog-images/x.jpg" /></p>',
        '<p><img src="/images/a.svg?v=old" /></p>',
        '<a href="/images/hero.svg">hero</a>',
      ].join(''),
    )
  })
})

describe('a featured image without words of its own', () => {
  it('is described by the post’s title', () => {
    expect(defaultImageAlt('Curbside pickup is here')).toBe('Illustration for “Curbside pickup is here”')
  })
})
