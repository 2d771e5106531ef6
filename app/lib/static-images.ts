/**
 * The pictures shipped in public/images and public/brands change only with a
 * deploy. Their addresses carry a version made at build time from the bytes of
 * all of them (`?v=…`), so a browser may keep them for a year: a deploy that
 * changes any of them changes every address. The static server answers a
 * request carrying the current version as immutable.
 */

declare const __PUBLIC_IMAGES_VERSION__: string | undefined

// 'dev' is only for code run without the build's define, which Vite and
// Vitest always give. Mutants here run when the module loads, and
// stryker.config.mjs leaves such static mutants out (ignoreStatic).
export const PUBLIC_IMAGES_VERSION: string =
  typeof __PUBLIC_IMAGES_VERSION__ === 'string' ? __PUBLIC_IMAGES_VERSION__ : 'dev'

const VERSIONED = /^\/(?:images|brands)\/[^?#]+$/

/** `url` with the version of the shipped pictures when it is one of them; any other address as it is. */
export function staticImageUrl(url: string): string {
  return VERSIONED.test(url) ? `${url}?v=${PUBLIC_IMAGES_VERSION}` : url
}

/** The same for every `src="/images/…"` of an HTML fragment (a post's stored body). */
export function versionStaticImages(html: string): string {
  return html.replace(/(<img\b[^>]*?\ssrc=")(\/(?:images|brands)\/[^"?#]+)"/g, (_, start: string, url: string) => {
    return `${start}${staticImageUrl(url)}"`
  })
}
