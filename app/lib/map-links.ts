/**
 * The three map addresses of a store (open in a maps app, the embedded map,
 * turn-by-turn directions), made from its street address. A store's links
 * follow its address: a link in one of these shapes is rebuilt from the
 * address whenever the settings are saved, so moving the store moves its
 * map. A link of any other shape (a place link staff pasted) was set by hand
 * and stays as typed.
 */
export interface AddressParts {
  street: string
  city: string
  region: string
  postal_code: string
}

export const MAP_LINK_KEYS = ['maps_url', 'map_embed_url', 'directions_url'] as const
export type MapLinkKey = (typeof MAP_LINK_KEYS)[number]

/** Spaces as '+', commas kept: the way the maps service writes a query. */
function query(text: string): string {
  return encodeURIComponent(text.replace(/\s+/g, ' ')).replace(/%20/g, '+').replace(/%2C/gi, ',')
}

const PREFIX: Record<MapLinkKey, string> = {
  maps_url: 'https://www.google.com/maps/search/?api=1&query=',
  map_embed_url: 'https://www.google.com/maps?q=',
  directions_url: 'https://www.google.com/maps/dir/?api=1&destination=',
}

/** What turns a place link into one a page can show in a frame. */
const EMBED_SUFFIX = '&output=embed'

/** The links the address gives: '530 West Lindsey Street, Norman, OK 73069' → the three map addresses. */
export function mapLinksFor(address: AddressParts): Record<MapLinkKey, string> {
  const [street, city, region, zip] = [address.street, address.city, address.region, address.postal_code].map((part) =>
    part.trim(),
  )
  const plain = query(`${street} ${city} ${region} ${zip}`)
  const withCommas = query(`${street}, ${city}, ${region} ${zip}`)
  return {
    maps_url: `${PREFIX.maps_url}${plain}`,
    map_embed_url: `${PREFIX.map_embed_url}${withCommas}${EMBED_SUFFIX}`,
    directions_url: `${PREFIX.directions_url}${plain}`,
  }
}

/**
 * Whether a link was made from an address (any address) rather than set by
 * hand. An empty link follows the address, and so does one that names no
 * place at all: both are made again from it.
 */
export function followsAddress(key: MapLinkKey, link: string): boolean {
  const value = link.trim()
  if (value === '') return true
  if (!value.startsWith(PREFIX[key])) return false
  let body = value.slice(PREFIX[key].length)
  if (key === 'map_embed_url') {
    if (!body.endsWith(EMBED_SUFFIX)) return false
    body = body.slice(0, -EMBED_SUFFIX.length)
  }
  // Only the query itself: no further parameters that staff may have chosen.
  return !body.includes('&') && !body.includes('#')
}

/** The store's links after its address changed: those that follow it are rebuilt, hand-set ones stay. */
export function linksFollowingAddress<T extends AddressParts & Record<MapLinkKey, string>>(store: T): T {
  const made = mapLinksFor(store)
  const next = { ...store }
  for (const key of MAP_LINK_KEYS) if (followsAddress(key, store[key])) next[key] = made[key]
  return next
}
