import { crc32, createDeflate } from 'node:zlib'

/**
 * Valid PNGs that declare huge sizes in a few kilobytes, as an outside probe
 * sends them: every pixel is zero, so the compressed rows are tiny while the
 * decoded picture would be enormous. Rows are streamed into the compressor, so
 * making one never holds the decoded picture in memory.
 */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body) >>> 0)
  return Buffer.concat([length, body, crc])
}

export async function craftedPng(options: {
  width: number
  height: number
  bitDepth?: 8 | 16
  colour?: 'grey' | 'rgb'
}) {
  const { width, height, bitDepth = 8, colour = 'grey' } = options
  const channels = colour === 'rgb' ? 3 : 1
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = bitDepth
  header[9] = colour === 'rgb' ? 2 : 0
  // compression, filter and interlace methods: 0
  const rowBytes = 1 + (width * channels * bitDepth) / 8
  const deflate = createDeflate({ level: 9 })
  const parts: Buffer[] = []
  deflate.on('data', (part: Buffer) => parts.push(part))
  const done = new Promise<void>((resolve, reject) => deflate.on('end', resolve).on('error', reject))
  // At most 1 MB of zero rows at a time (a single row may be longer: then it goes in pieces).
  const piece = Buffer.alloc(Math.min(1024 * 1024, Math.max(rowBytes, Math.floor((1024 * 1024) / rowBytes) * rowBytes)))
  let left = rowBytes * height
  while (left > 0) {
    const n = Math.min(left, piece.length)
    if (!deflate.write(n === piece.length ? piece : piece.subarray(0, n))) {
      await new Promise((resolve) => deflate.once('drain', resolve))
    }
    left -= n
  }
  deflate.end()
  await done
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.concat(parts)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
