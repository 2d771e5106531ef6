import type { BrandValues } from '~/models/brands.server'

/**
 * Demo brands: the ten carousel brands first (featured), then four more.
 * Logos are the SVGs in public/brands/{slug}.svg, drawn for this project.
 */
const BRANDS: { slug: string; name: string; site: string | null; featured: boolean }[] = [
  { slug: 'prairie-gold', name: 'Prairie Gold', site: 'https://prairiegoldok.com', featured: true },
  { slug: 'red-dirt-remedies', name: 'Red Dirt Remedies', site: 'https://reddirtremedies.com', featured: true },
  { slug: 'sooner-leaf', name: 'Sooner Leaf', site: 'https://soonerleaf.com', featured: true },
  { slug: 'canadian-river-co', name: 'Canadian River Co.', site: 'https://canadianriverco.com', featured: true },
  { slug: 'wildflower-labs', name: 'Wildflower Labs', site: 'https://wildflowerlabs.co', featured: true },
  {
    slug: 'thunderbird-extracts',
    name: 'Thunderbird Extracts',
    site: 'https://thunderbirdextracts.com',
    featured: true,
  },
  { slug: 'plains-apothecary', name: 'Plains Apothecary', site: 'https://plainsapothecary.com', featured: true },
  { slug: 'bluestem-botanicals', name: 'Bluestem Botanicals', site: 'https://bluestembotanicals.com', featured: true },
  { slug: 'cimarron-craft', name: 'Cimarron Craft', site: null, featured: true },
  { slug: 'okie-orchard', name: 'Okie Orchard', site: 'https://okieorchard.com', featured: true },
  { slug: 'redbud-ridge', name: 'Redbud Ridge', site: 'https://redbudridgefarms.com', featured: true },
  { slug: 'route-66-roots', name: 'Route 66 Roots', site: 'https://route66roots.com', featured: true },
  { slug: 'turner-falls-farms', name: 'Turner Falls Farms', site: null, featured: false },
  { slug: 'lake-thunderbird', name: 'Lake Thunderbird', site: 'https://lakethunderbirdcannabis.com', featured: false },
]

export const BRAND_SLUGS = BRANDS.map((b) => b.slug)

export function demoBrands(): BrandValues[] {
  return BRANDS.map((brand, index) => ({
    name: brand.name,
    logo_url: `/brands/${brand.slug}.svg`,
    site_url: brand.site,
    is_featured: brand.featured,
    sort_order: (index + 1) * 10,
  }))
}
