import { describe, expect, it } from 'vitest'

import { followsAddress, linksFollowingAddress, MAP_LINK_KEYS, mapLinksFor } from '~/lib/map-links'

/** A store's map links: made from its street address, unless staff set one by hand. */
const LINDSEY = { street: '530 West Lindsey Street', city: 'Norman', region: 'OK', postal_code: '73069' }
const MOVED = { street: '901 East Alameda Road', city: 'Norman', region: 'OK', postal_code: '73071' }

describe('the map links an address makes', () => {
  it('search, frame and directions for the same place, written the way the maps service writes them', () => {
    expect(mapLinksFor(LINDSEY)).toEqual({
      maps_url: 'https://www.google.com/maps/search/?api=1&query=530+West+Lindsey+Street+Norman+OK+73069',
      map_embed_url: 'https://www.google.com/maps?q=530+West+Lindsey+Street,+Norman,+OK+73069&output=embed',
      directions_url: 'https://www.google.com/maps/dir/?api=1&destination=530+West+Lindsey+Street+Norman+OK+73069',
    })
  })

  it('an address typed with stray spaces, a line break or a tab makes the same links as one typed neatly', () => {
    const sloppy = { street: '  530  West\nLindsey\tStreet ', city: ' Norman', region: 'OK ', postal_code: '73069' }
    expect(mapLinksFor(sloppy)).toEqual(mapLinksFor(LINDSEY))
  })

  it('characters that mean something in an address are escaped, so the link still finds the place', () => {
    const suite = { ...LINDSEY, street: '530 W. Lindsey St. #4 & Rear' }
    const { maps_url } = mapLinksFor(suite)
    expect(maps_url).toBe(
      'https://www.google.com/maps/search/?api=1&query=530+W.+Lindsey+St.+%234+%26+Rear+Norman+OK+73069',
    )
    expect(followsAddress('maps_url', maps_url)).toBe(true)
  })
})

describe('whether a link follows the address', () => {
  it('every link an address makes follows it, also with spaces pasted around it', () => {
    for (const address of [LINDSEY, MOVED]) {
      const made = mapLinksFor(address)
      for (const key of MAP_LINK_KEYS) {
        expect(followsAddress(key, made[key]), key).toBe(true)
        expect(followsAddress(key, ` ${made[key]}\n`), key).toBe(true)
      }
    }
  })

  it('an empty link, or one that names no place, follows the address', () => {
    for (const key of MAP_LINK_KEYS) expect(followsAddress(key, '  '), key).toBe(true)
    expect(followsAddress('maps_url', 'https://www.google.com/maps/search/?api=1&query=')).toBe(true)
    expect(followsAddress('map_embed_url', 'https://www.google.com/maps?q=&output=embed')).toBe(true)
  })

  it('a place link staff pasted is theirs, however long it is', () => {
    const place = 'https://www.google.com/maps/place/Lindsey+Street+Dispensary,+530+West+Lindsey+Street,+Norman'
    for (const key of MAP_LINK_KEYS) {
      expect(followsAddress(key, place), key).toBe(false)
      expect(followsAddress(key, 'https://maps.app.goo.gl/AbCdEf123'), key).toBe(false)
    }
  })

  it('a made link staff added a choice to (a zoom, a map layer, a place marker) is theirs', () => {
    const made = mapLinksFor(LINDSEY)
    expect(followsAddress('maps_url', `${made.maps_url}&query_place_id=ChIJ123`)).toBe(false)
    expect(followsAddress('directions_url', `${made.directions_url}&travelmode=walking`)).toBe(false)
    expect(followsAddress('directions_url', `${made.directions_url}#map`)).toBe(false)
    expect(followsAddress('map_embed_url', made.map_embed_url.replace('&output=embed', '&z=17&output=embed'))).toBe(
      false,
    )
  })

  it('a frame link without its frame ending, or with more after it, is set by hand', () => {
    const made = mapLinksFor(LINDSEY).map_embed_url
    expect(followsAddress('map_embed_url', made.replace('&output=embed', ''))).toBe(false)
    expect(followsAddress('map_embed_url', `${made}&z=17`)).toBe(false)
    expect(followsAddress('map_embed_url', `${made}ded`)).toBe(false)
    // The search and directions links have no such ending: one with it is not what an address makes.
    expect(followsAddress('maps_url', `${mapLinksFor(LINDSEY).maps_url}&output=embed`)).toBe(false)
  })

  it('a link is judged by the field it is in: the directions link in the search field is set by hand', () => {
    const made = mapLinksFor(LINDSEY)
    expect(followsAddress('maps_url', made.directions_url)).toBe(false)
    expect(followsAddress('directions_url', made.maps_url)).toBe(false)
    expect(followsAddress('map_embed_url', made.maps_url)).toBe(false)
  })
})

describe('a store that moves', () => {
  it('the owner moves the Lindsey store: the made links follow the new street, the pasted one stays', () => {
    const pasted = 'https://maps.app.goo.gl/AbCdEf123'
    const before = { ...LINDSEY, ...mapLinksFor(LINDSEY), maps_url: pasted, hours: 'kept' }
    const after = linksFollowingAddress({ ...before, ...MOVED })
    expect(after).toEqual({ ...MOVED, ...mapLinksFor(MOVED), maps_url: pasted, hours: 'kept' })
    expect(before.directions_url).toContain('530+West+Lindsey')
  })
})
