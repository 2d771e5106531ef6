import { type ImageSize, responsiveSources } from '~/lib/responsive-image'
import { staticImageUrl } from '~/lib/static-images'

/**
 * An image with its width and height always set (no layout shift), and, for
 * our uploads, a `<picture>` offering AVIF, WebP and the image's own format in
 * every stored width, so the browser fetches the smallest that fills `sizes`.
 * `priority` marks the page's largest picture above the fold: fetched first,
 * never lazily; every other picture loads when it nears the screen, unless `eager`.
 */
export function ResponsiveImage({
  src,
  size,
  fallbackSize,
  alt,
  sizes,
  priority = false,
  eager = false,
  className,
  pictureClassName,
}: {
  src: string
  /** The stored size of an upload, when known. */
  size?: ImageSize | null
  /** Width and height to reserve when the real size is unknown. */
  fallbackSize: ImageSize
  alt: string
  /** How wide the image is drawn, as in the `sizes` attribute. */
  sizes: string
  priority?: boolean
  /** Loaded at once but without priority: a picture that may be just in view on large screens. */
  eager?: boolean
  className?: string
  /** Classes for the `<picture>` around an upload ('contents' lets the image itself be a grid or flex item). */
  pictureClassName?: string
}) {
  const sources = responsiveSources(src, size)
  const box = size ?? fallbackSize
  const img = (
    <img
      src={staticImageUrl(src)}
      srcSet={sources?.fallback}
      sizes={sources ? sizes : undefined}
      alt={alt}
      width={box.width}
      height={box.height}
      loading={priority ? 'eager' : eager ? undefined : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? undefined : 'async'}
      className={className}
    />
  )
  if (!sources) return img
  return (
    <picture className={pictureClassName}>
      <source type="image/avif" srcSet={sources.avif} sizes={sizes} />
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
      {img}
    </picture>
  )
}
