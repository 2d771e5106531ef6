import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/**
 * Rendered public pages, kept as bytes so a repeat visit costs no rendering
 * and no compression. Bounded by bytes (least recently used pages go first).
 *
 * A page stays valid while two things hold: the content version it was
 * rendered at is still current (any write that can change a public page moves
 * it), and its expiry (the next moment time alone changes what pages show, such
 * as a scheduled post going live or the store's day turning) has not passed.
 */
export interface CachedPage {
  status: number
  /** Response headers (Content-Type, Content-Security-Policy, ETag, Cache-Control, Vary…). */
  headers: [string, string][]
  etag: string
  body: Buffer
  gzip: Buffer
  br: Buffer
  /** Content version the page was rendered at. */
  version: number
  /** Epoch milliseconds after which the page must be rendered again. */
  expiresAt: number
}

export interface RenderCacheStats {
  enabled: boolean
  entries: number
  bytes: number
  maxBytes: number
  hits: number
  misses: number
}

/** Compressed variants made once per rendered page (brotli at a quality that costs milliseconds, not seconds). */
export async function compressedVariants(body: Buffer): Promise<{ gzip: Buffer; br: Buffer }> {
  const [gz, br] = await Promise.all([
    gzipAsync(body, { level: 9 }),
    brotli(body, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 9,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  ])
  return { gzip: gz, br }
}

function sizeOf(key: string, page: CachedPage): number {
  const headerBytes = page.headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0)
  return key.length + headerBytes + page.body.length + page.gzip.length + page.br.length + 200
}

export class RenderCache {
  readonly #maxBytes: number
  // A Map keeps insertion order: re-inserting on a hit makes the first key the least recently used.
  readonly #pages = new Map<string, { page: CachedPage; size: number }>()
  #bytes = 0
  #hits = 0
  #misses = 0

  constructor(maxBytes: number) {
    this.#maxBytes = Math.max(0, Math.floor(maxBytes))
  }

  get enabled(): boolean {
    return this.#maxBytes > 0
  }

  /** The page for `key` if it is still valid at `version` and `now` (a hit is counted). */
  get(key: string, version: number, now: number): CachedPage | undefined {
    const found = this.#pages.get(key)
    if (found && found.page.version === version && now < found.page.expiresAt) {
      this.#pages.delete(key)
      this.#pages.set(key, found)
      this.#hits++
      return found.page
    }
    if (found) this.#remove(key)
    return undefined
  }

  /** Counts a page that had to be rendered because no valid copy was kept (requests for other things are not misses). */
  countMiss(): void {
    this.#misses++
  }

  /** Keeps a page unless it alone is larger than the whole cache; evicts the least recently used to make room. */
  set(key: string, page: CachedPage): void {
    if (!this.enabled) return
    const size = sizeOf(key, page)
    if (size > this.#maxBytes) return
    this.#remove(key)
    while (this.#bytes + size > this.#maxBytes) {
      const oldest = this.#pages.keys().next().value
      if (oldest === undefined) break
      this.#remove(oldest)
    }
    this.#pages.set(key, { page, size })
    this.#bytes += size
  }

  /** Forgets every page (a write made them stale; keeping them would only hold memory). */
  clear(): void {
    this.#pages.clear()
    this.#bytes = 0
  }

  stats(): RenderCacheStats {
    return {
      enabled: this.enabled,
      entries: this.#pages.size,
      bytes: this.#bytes,
      maxBytes: this.#maxBytes,
      hits: this.#hits,
      misses: this.#misses,
    }
  }

  #remove(key: string) {
    const found = this.#pages.get(key)
    if (!found) return
    this.#pages.delete(key)
    this.#bytes -= found.size
  }
}
