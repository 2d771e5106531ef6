import { staticImageUrl } from '~/lib/static-images'

/** 'Inside the Shop' on the About page: two pictures (src, alt, caption) that open in a lightbox. */
export interface GalleryImage {
  src: string
  alt: string
  caption: string
  width: number
  height: number
}

export const GALLERY: GalleryImage[] = [
  {
    src: staticImageUrl('/images/gallery/shop-counter.svg'),
    alt: 'The sales counter with glass display cases and menu boards behind it',
    caption: 'Our counter, where budtenders help you find the right product.',
    width: 1200,
    height: 800,
  },
  {
    src: staticImageUrl('/images/gallery/shop-lounge.svg'),
    alt: 'A bright waiting area with seating, plants and product shelves',
    caption: 'A comfortable, welcoming space to browse while you wait.',
    width: 1200,
    height: 800,
  },
]
