import { describe, expect, it } from 'vitest'

import { ConfigError, configWarnings, parseConfig } from '~/config.server'

/** The message of the ConfigError that parseConfig throws for `env`. */
function configError(env: Record<string, string | undefined>): string {
  try {
    parseConfig(env)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as Error).message
  }
  throw new Error('parseConfig accepted the environment')
}

const SECRET = 'a-long-enough-session-secret'
const SITE = 'https://lindseystreetcannabis.com'

describe('parseConfig', () => {
  it('fills every default from an empty environment', () => {
    const cfg = parseConfig({})
    expect(cfg).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DATABASE_PATH: 'data/app.db',
      SITE_URL: 'http://localhost:3000',
      MAIL_OUTBOX_DIR: 'data/outbox',
      RATE_LIMIT_MULTIPLIER: 1,
      TRUST_PROXY: false,
      isSecureSite: false,
    })
    expect(cfg.SESSION_SECRET.length).toBeGreaterThanOrEqual(16)
    for (const key of [
      'SMTP_URL',
      'MAIL_FROM',
      'CONTACT_NOTIFY_TO',
      'FORM_ENDPOINT',
      'ADMIN_EMAIL',
      'ADMIN_PASSWORD',
    ] as const) {
      expect(cfg[key]).toBeUndefined()
    }
  })

  it('reads the values it is given', () => {
    const cfg = parseConfig({
      PORT: '8080',
      DATABASE_PATH: '/data/app.db',
      SITE_URL: 'https://lindseystreetcannabis.com/some/path/',
      SESSION_SECRET: SECRET,
      SMTP_URL: 'smtp://user:pass@mail.example.com:587',
      MAIL_FROM: 'Lindsey Street <hello@example.com>',
      CONTACT_NOTIFY_TO: 'staff@example.com',
      FORM_ENDPOINT: 'https://forms.example.com/f/abc',
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'secret12',
      RATE_LIMIT_MULTIPLIER: '2.5',
      TRUST_PROXY: '1',
    })
    expect(cfg).toMatchObject({
      PORT: 8080,
      DATABASE_PATH: '/data/app.db',
      SITE_URL: 'https://lindseystreetcannabis.com',
      SESSION_SECRET: SECRET,
      CONTACT_NOTIFY_TO: 'staff@example.com',
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'secret12',
      RATE_LIMIT_MULTIPLIER: 2.5,
      TRUST_PROXY: true,
      isSecureSite: true,
    })
  })

  it('treats blank optional values as unset', () => {
    const cfg = parseConfig({ SMTP_URL: '', MAIL_FROM: '   ', ADMIN_EMAIL: '', ADMIN_PASSWORD: ' ' })
    expect(cfg.SMTP_URL).toBeUndefined()
    expect(cfg.MAIL_FROM).toBeUndefined()
    expect(cfg.ADMIN_EMAIL).toBeUndefined()
    expect(cfg.ADMIN_PASSWORD).toBeUndefined()
  })

  it.each(['abc', '0', '65536', '80.5', '-1', ''])('names PORT when PORT=%j', (port) => {
    const message = configError({ PORT: port })
    expect(message).toContain('PORT')
    expect(message).not.toContain('SITE_URL')
  })

  it('accepts the edges of the port range', () => {
    expect(parseConfig({ PORT: '1' }).PORT).toBe(1)
    expect(parseConfig({ PORT: '65535' }).PORT).toBe(65535)
  })

  describe('SESSION_SECRET', () => {
    it('is required when the operator runs with NODE_ENV=production', () => {
      expect(configError({ NODE_ENV: 'production' })).toContain('SESSION_SECRET')
      expect(configError({ NODE_ENV: 'production', OPERATOR_NODE_ENV: 'production' })).toContain('SESSION_SECRET')
      expect(configError({ OPERATOR_NODE_ENV: 'production' })).toContain('SESSION_SECRET')
      expect(parseConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET, SITE_URL: SITE }).SESSION_SECRET).toBe(
        SECRET,
      )
    })

    it('is not required when only server.mjs chose production (the operator set no NODE_ENV)', () => {
      // server.mjs records the operator's value (empty) before defaulting NODE_ENV for React.
      const cfg = parseConfig({ NODE_ENV: 'production', OPERATOR_NODE_ENV: '' })
      expect(cfg.NODE_ENV).toBe('development')
      expect(cfg.SESSION_SECRET.length).toBeGreaterThanOrEqual(16)
    })

    it('is not required in development or test', () => {
      expect(() => parseConfig({ NODE_ENV: 'development' })).not.toThrow()
      expect(() => parseConfig({ NODE_ENV: 'test' })).not.toThrow()
      expect(() => parseConfig({ NODE_ENV: 'production', OPERATOR_NODE_ENV: 'development' })).not.toThrow()
    })

    it('must be at least 16 characters when set', () => {
      expect(configError({ SESSION_SECRET: 'short' })).toContain('SESSION_SECRET')
    })
  })

  describe('SITE_URL in production', () => {
    it('the operator who forgets it is stopped with a message naming it, as for SESSION_SECRET', () => {
      const message = configError({ OPERATOR_NODE_ENV: 'production', SESSION_SECRET: SECRET })
      expect(message).toContain('SITE_URL: SITE_URL is required when NODE_ENV=production')
      expect(message).not.toContain('SESSION_SECRET')
      expect(configError({ OPERATOR_NODE_ENV: 'production', SESSION_SECRET: SECRET, SITE_URL: ' ' })).toContain(
        'SITE_URL',
      )
    })

    it('is not required on a laptop or in tests, where it defaults to localhost', () => {
      expect(parseConfig({ NODE_ENV: 'production', OPERATOR_NODE_ENV: '' }).SITE_URL).toBe('http://localhost:3000')
      expect(parseConfig({ LITESTREAM_REPLICA_URL: 'file:///var/replica' }).SITE_URL).toBe('http://localhost:3000')
    })

    it('starts with a warning when it is not https, and without one when it is', () => {
      const http = parseConfig({
        OPERATOR_NODE_ENV: 'production',
        SESSION_SECRET: SECRET,
        SITE_URL: 'http://shop.test',
      })
      expect(configWarnings(http)).toEqual([
        expect.stringMatching(/^Warning: SITE_URL=http:\/\/shop\.test is not https/),
      ])
      const https = parseConfig({ OPERATOR_NODE_ENV: 'production', SESSION_SECRET: SECRET, SITE_URL: SITE })
      expect(configWarnings(https)).toEqual([])
      // A laptop on http is the normal case: nothing to warn about.
      expect(configWarnings(parseConfig({}))).toEqual([])
    })
  })

  it.each(['not a url', 'ftp://example.com', 'localhost:3000', '//example.com'])(
    'rejects SITE_URL=%j by name',
    (url) => {
      expect(configError({ SITE_URL: url })).toContain('SITE_URL')
    },
  )

  it('names each bad variable', () => {
    const message = configError({
      PORT: 'abc',
      SMTP_URL: 'not a url',
      FORM_ENDPOINT: 'nope',
      CONTACT_NOTIFY_TO: 'staff',
      ADMIN_EMAIL: 'owner',
      ADMIN_PASSWORD: '12345',
      RATE_LIMIT_MULTIPLIER: '0',
      TRUST_PROXY: 'yes',
    })
    for (const name of [
      'PORT',
      'SMTP_URL',
      'FORM_ENDPOINT',
      'CONTACT_NOTIFY_TO',
      'ADMIN_EMAIL',
      'ADMIN_PASSWORD',
      'RATE_LIMIT_MULTIPLIER',
      'TRUST_PROXY',
    ]) {
      expect(message).toContain(name)
    }
    expect(message).toMatch(/^Invalid configuration:/)
  })

  it('rejects an unknown NODE_ENV by name', () => {
    expect(configError({ OPERATOR_NODE_ENV: 'staging' })).toContain('NODE_ENV')
  })
})

describe('SITE_URL default', () => {
  it('follows PORT when SITE_URL is not set', () => {
    expect(parseConfig({ PORT: '3055' }).SITE_URL).toBe('http://localhost:3055')
    expect(parseConfig({ PORT: '3055', SITE_URL: 'https://example.com' }).SITE_URL).toBe('https://example.com')
  })
})

describe('LITESTREAM_REPLICA_URL', () => {
  it.each(['s3://shop-backups/app.db', 's3://shop-backups/sites/lindsey/app.db', 'file:///var/replica'])(
    'accepts %s',
    (url) => {
      expect(parseConfig({ LITESTREAM_REPLICA_URL: url }).LITESTREAM_REPLICA_URL).toBe(url)
    },
  )

  it.each([
    ['shop-backups/app.db', 's3://bucket/path'],
    ['https://s3.amazonaws.com/shop-backups/app.db', 's3://bucket/path'],
    ['s3://shop-backups', 'path inside the bucket'],
    ['s3://shop-backups/', 'path inside the bucket'],
    ['s3://KEY:SECRET@shop-backups/app.db', 'LITESTREAM_ACCESS_KEY_ID'],
    ['s3://shop-backups/app.db?endpoint=fly.storage.tigris.dev', 'LITESTREAM_ENDPOINT'],
    ['file://replica', 'three slashes'],
    ['file:///', 'name a folder'],
    ['gcs://bucket/app.db', 's3://bucket/path'],
  ])('refuses %j, saying %j', (url, hint) => {
    const message = configError({ LITESTREAM_REPLICA_URL: url })
    expect(message).toContain('LITESTREAM_REPLICA_URL')
    expect(message).toContain(hint)
  })

  it('leaves replication off when unset or blank', () => {
    expect(parseConfig({}).LITESTREAM_REPLICA_URL).toBeUndefined()
    expect(parseConfig({ LITESTREAM_REPLICA_URL: '  ' }).LITESTREAM_REPLICA_URL).toBeUndefined()
  })
})

describe('first-start content and admin', () => {
  const production = { OPERATOR_NODE_ENV: 'production', SESSION_SECRET: SECRET, SITE_URL: SITE }

  it('a laptop start gets the demo content', () => {
    expect(parseConfig({})).toMatchObject({ holdsRealData: false, demoContent: true })
  })

  it('a production start gets only the store content unless DEMO_CONTENT=1 asks for the demo', () => {
    expect(parseConfig(production)).toMatchObject({ holdsRealData: true, demoContent: false })
    expect(parseConfig({ ...production, DEMO_CONTENT: '1' })).toMatchObject({ holdsRealData: true, demoContent: true })
  })

  it('DEMO_CONTENT=0 leaves the demo posts and inquiries out on a laptop too', () => {
    expect(parseConfig({ DEMO_CONTENT: '0' })).toMatchObject({ holdsRealData: false, demoContent: false })
  })

  it('a replicated database is treated as real data, and DEMO_CONTENT=1 is refused there', () => {
    expect(parseConfig({ LITESTREAM_REPLICA_URL: 'file:///var/replica' })).toMatchObject({
      holdsRealData: true,
      demoContent: false,
    })
    const message = configError({ LITESTREAM_REPLICA_URL: 'file:///var/replica', DEMO_CONTENT: '1' })
    expect(message).toContain('DEMO_CONTENT')
    expect(message).toContain('LITESTREAM_REPLICA_URL')
  })

  it('refuses a DEMO_CONTENT other than 0 or 1', () => {
    expect(configError({ DEMO_CONTENT: 'yes' })).toContain('DEMO_CONTENT')
  })

  it('in production ADMIN_EMAIL and ADMIN_PASSWORD come together or not at all', () => {
    expect(configError({ ...production, ADMIN_EMAIL: 'owner@example.com' })).toContain('ADMIN_PASSWORD')
    expect(configError({ ...production, ADMIN_PASSWORD: 'secret12' })).toContain('ADMIN_EMAIL')
    expect(() =>
      parseConfig({ ...production, ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'secret12' }),
    ).not.toThrow()
    expect(() => parseConfig(production)).not.toThrow()
    // On a laptop an email alone still gets a generated, printed password.
    expect(() => parseConfig({ ADMIN_EMAIL: 'owner@example.com' })).not.toThrow()
  })
})

describe('ANALYTICS', () => {
  it('counts visits unless the operator sets ANALYTICS=0', () => {
    expect(parseConfig({}).ANALYTICS).toBe(true)
    expect(parseConfig({ ANALYTICS: '1' }).ANALYTICS).toBe(true)
    expect(parseConfig({ ANALYTICS: '' }).ANALYTICS).toBe(true)
    expect(parseConfig({ ANALYTICS: '0' }).ANALYTICS).toBe(false)
  })

  it('names ANALYTICS when it is neither 0 nor 1', () => {
    expect(configError({ ANALYTICS: 'off' })).toContain('ANALYTICS must be 1 (count visits) or 0 (count nothing)')
  })
})
