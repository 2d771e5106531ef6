import { staticImageUrl } from '~/lib/static-images'

/** The ten static brand logos of the home carousel (spec §2.4 item 7; §3 "brand logo"). */
export interface CarouselBrand {
  id: string
  name: string
  logo: string
  alt: string
}

const brand = (id: string, name: string): CarouselBrand => ({
  id,
  name,
  logo: staticImageUrl(`/brands/${id}.svg`),
  alt: `${name} logo`,
})

export const CAROUSEL_BRANDS: CarouselBrand[] = [
  brand('prairie-gold', 'Prairie Gold'),
  brand('red-dirt-remedies', 'Red Dirt Remedies'),
  brand('sooner-leaf', 'Sooner Leaf'),
  brand('canadian-river-co', 'Canadian River Co.'),
  brand('wildflower-labs', 'Wildflower Labs'),
  brand('thunderbird-extracts', 'Thunderbird Extracts'),
  brand('plains-apothecary', 'Plains Apothecary'),
  brand('bluestem-botanicals', 'Bluestem Botanicals'),
  brand('cimarron-craft', 'Cimarron Craft'),
  brand('okie-orchard', 'Okie Orchard'),
]
