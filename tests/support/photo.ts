import sharp from 'sharp'

/**
 * A camera-like JPEG: a 4000×3000 scene (gradient, shapes, grain) at high
 * quality, about 4–5 MB, stored sideways with EXIF orientation 6 (turn a
 * quarter clockwise to view) and an artist, a copyright and a GPS position in
 * its metadata, as phones write them.
 */
export async function cameraPhoto(options: { width?: number; height?: number; quality?: number } = {}) {
  const width = options.width ?? 4000
  const height = options.height ?? 3000
  const scene = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2a6"/><stop offset="1" stop-color="#c83"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)"/>` +
      `<circle cx="${width * 0.38}" cy="${height * 0.4}" r="${height * 0.3}" fill="#fd4" opacity="0.7"/>` +
      `<rect x="${width * 0.6}" y="${height * 0.55}" width="${width * 0.3}" height="${height * 0.35}" fill="#136" opacity="0.6"/>` +
      `</svg>`,
  )
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } },
  })
    .blur(1.1)
    .png({ compressionLevel: 1 })
    .toBuffer()
  return sharp(scene)
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: options.quality ?? 92, chromaSubsampling: '4:4:4' })
    .withExif({
      IFD0: { Artist: 'Camera Owner', Copyright: 'Private photo' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 13/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '97/1 26/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer()
}
