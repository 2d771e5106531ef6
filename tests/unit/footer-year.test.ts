import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { SiteFooter } from '~/components/site/SiteFooter'
import { hoursInShort } from '~/lib/store-hours'
import { yearInStore } from '~/lib/time'
import { DEFAULT_SETTINGS } from '~/schemas/settings-defaults'

const machineZone = process.env.TZ
afterEach(() => {
  vi.useRealTimers()
  if (machineZone === undefined) delete process.env.TZ
  else process.env.TZ = machineZone
})

const footerAt = (iso: string) => {
  // The production container runs in UTC, whatever zone this machine has.
  process.env.TZ = 'UTC'
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date(iso))
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () =>
        createElement(SiteFooter, {
          settings: DEFAULT_SETTINGS,
          hours: hoursInShort(DEFAULT_SETTINGS),
          signedIn: false,
        }),
    },
  ])
  const html = renderToStaticMarkup(createElement(Stub, { initialEntries: ['/'] }))
  return /© (\d{4})/.exec(html)?.[1]
}

describe('the year in the footer', () => {
  it('on New Year’s Eve at 7 PM in Norman (1 AM in UTC, the server’s zone) the footer still says 2026', () => {
    expect(footerAt('2027-01-01T01:00:00Z')).toBe('2026')
  })

  it('turns at midnight in Norman', () => {
    expect(footerAt('2027-01-01T05:59:59Z')).toBe('2026')
    expect(footerAt('2027-01-01T06:00:00Z')).toBe('2027')
  })

  it('is the store’s year', () => {
    expect(yearInStore(new Date('2026-12-31T23:59:00-06:00'))).toBe('2026')
    expect(yearInStore(new Date('2027-01-01T00:00:00-06:00'))).toBe('2027')
  })
})
