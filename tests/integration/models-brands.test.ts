import { describe, expect, it } from 'vitest'

import { countBrands, createBrand, deleteBrand, getBrand, listBrands, updateBrand } from '~/models/brands.server'

import { useTestDatabase } from '../support/test-db'

const t = useTestDatabase()

const brand = (name: string, sort_order: number, extra: Partial<Parameters<typeof createBrand>[0]> = {}) =>
  createBrand({ name, logo_url: `/brands/${name.toLowerCase().replace(/\W+/g, '-')}.svg`, sort_order, ...extra })

describe('brands model', () => {
  it('creates a brand with its defaults and reads it back', async () => {
    const id = await createBrand({ name: 'Prairie Gold', logo_url: '/brands/prairie-gold.svg' })
    expect(await getBrand(id)).toEqual({
      id,
      name: 'Prairie Gold',
      logo_url: '/brands/prairie-gold.svg',
      site_url: null,
      is_featured: 1,
      sort_order: 0,
      // in use, not in the Trash
      deleted_at: null,
      deleted_by: null,
    })
    expect(await getBrand(id + 100)).toBeUndefined()
  })

  it('lists brands by sort_order, then name', async () => {
    await brand('Zephyr Farms', 20)
    await brand('Okie Orchard', 10)
    await brand('Canadian River Co.', 20)
    await brand('Route 66 Roots', 5)
    expect((await listBrands()).map((b) => b.name)).toEqual([
      'Route 66 Roots',
      'Okie Orchard',
      'Canadian River Co.',
      'Zephyr Farms',
    ])
  })

  it('searches by name, case-insensitively, with LIKE wildcards taken literally', async () => {
    await brand('Red Dirt Remedies', 10)
    await brand('Red_Dirt Co', 20)
    await brand('100% Okie', 30)
    await brand('1000 Acres', 40)
    expect((await listBrands({ q: 'red dirt' })).map((b) => b.name)).toEqual(['Red Dirt Remedies'])
    expect((await listBrands({ q: 'Red_' })).map((b) => b.name)).toEqual(['Red_Dirt Co'])
    expect((await listBrands({ q: '100%' })).map((b) => b.name)).toEqual(['100% Okie'])
    expect((await listBrands({ q: '%' })).map((b) => b.name)).toEqual(['100% Okie'])
    expect((await listBrands({ q: '  ' })).length).toBe(4)
    expect(await listBrands({ q: 'nothing like this' })).toEqual([])
  })

  it('counts brands', async () => {
    expect(await countBrands()).toBe(0)
    await brand('A', 1)
    await brand('B', 2)
    expect(await countBrands()).toBe(2)
  })

  it('updates a brand and says whether it existed', async () => {
    const id = await brand('Old Name', 10)
    const values = {
      name: 'New Name',
      logo_url: '/uploads/brands/x.png',
      site_url: 'https://example.com',
      is_featured: false,
      sort_order: 99,
    }
    expect(await updateBrand(id, values)).toBe(true)
    expect(await getBrand(id)).toEqual({ id, ...values, is_featured: 0, deleted_at: null, deleted_by: null })
    expect(await updateBrand(id + 100, values)).toBe(false)
  })

  it('deletes a brand and returns what was removed', async () => {
    const id = await brand('Gone Soon', 10)
    const removed = await deleteBrand(id)
    expect(removed?.name).toBe('Gone Soon')
    expect(await getBrand(id)).toBeUndefined()
    expect(await deleteBrand(id)).toBeUndefined()
  })

  it('refuses a brand without a logo or with an is_featured outside 0/1', async () => {
    await expect(createBrand({ name: 'No Logo', logo_url: '' })).rejects.toThrow(/CHECK/)
    // The model writes a checkbox as 0 or 1; the table itself refuses anything else.
    expect(() =>
      t.sqlite.prepare("INSERT INTO brands (name, logo_url, is_featured) VALUES ('Odd', '/x.svg', 2)").run(),
    ).toThrow(/CHECK/)
  })
})
