import { z } from 'zod'

/**
 * The environment, read and validated once. A bad value stops the process with a
 * message naming the variable (see server.mjs, which prints ConfigError messages).
 */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined))

const optionalUrl = (name: string) =>
  optionalText.refine((v) => v === undefined || URL.canParse(v), {
    error: `${name} must be a URL`,
  })

/**
 * Where Litestream keeps the replica: `s3://bucket/path` (any S3-compatible
 * store; endpoint, region and keys come from their own variables) or
 * `file:///absolute/path` (tests, a laptop, a second disk). Anything else is
 * refused at start-up, before a restore or a replication could go wrong quietly.
 */
export function replicaUrlProblem(value: string): string | undefined {
  const expected = 'must be s3://bucket/path or file:///absolute/path'
  if (!URL.canParse(value)) return `${expected} (got ${JSON.stringify(value)})`
  const url = new URL(value)
  if (url.protocol === 'file:') {
    if (url.host !== '') return `${expected}: a file:// address has three slashes and no host`
    if (url.pathname === '/' || url.search || url.hash) return `${expected}: name a folder, e.g. file:///var/replica`
    return undefined
  }
  if (url.protocol === 's3:') {
    if (url.username || url.password)
      return 'must not hold keys: set LITESTREAM_ACCESS_KEY_ID and LITESTREAM_SECRET_ACCESS_KEY instead'
    if (url.search) return 'must not carry options: set LITESTREAM_ENDPOINT and LITESTREAM_REGION instead'
    if (!url.hostname) return `${expected}: the bucket is missing`
    if (url.pathname.replace(/\/+/g, '') === '')
      return `${expected}: give a path inside the bucket, e.g. s3://${url.hostname}/app.db`
    return undefined
  }
  return `${expected} (got ${url.protocol}//…)`
}

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z
      .string()
      .default('3000')
      .refine((v) => /^\d+$/.test(v) && Number(v) > 0 && Number(v) < 65536, {
        error: 'PORT must be a whole number between 1 and 65535',
      })
      .transform(Number),
    DATABASE_PATH: z.string().min(1).default('data/app.db'),
    // Required in production; elsewhere it defaults to http://localhost:PORT (below).
    SITE_URL: optionalText
      .refine((v) => v === undefined || (/^https?:\/\//.test(v) && URL.canParse(v)), {
        error: 'SITE_URL must be an http:// or https:// address',
      })
      .transform((v) => (v === undefined ? undefined : new URL(v).origin)),
    SESSION_SECRET: optionalText,
    SMTP_URL: optionalUrl('SMTP_URL'),
    MAIL_FROM: optionalText,
    MAIL_OUTBOX_DIR: z.string().min(1).default('data/outbox'),
    CONTACT_NOTIFY_TO: optionalText.refine((v) => v === undefined || v.includes('@'), {
      error: 'CONTACT_NOTIFY_TO must be an email address',
    }),
    FORM_ENDPOINT: optionalUrl('FORM_ENDPOINT'),
    ADMIN_EMAIL: optionalText.refine((v) => v === undefined || v.includes('@'), {
      error: 'ADMIN_EMAIL must be an email address',
    }),
    ADMIN_PASSWORD: optionalText.refine((v) => v === undefined || v.length >= 6, {
      error: 'ADMIN_PASSWORD must be at least 6 characters',
    }),
    RATE_LIMIT_MULTIPLIER: z
      .string()
      .default('1')
      .refine((v) => /^\d+(\.\d+)?$/.test(v) && Number(v) > 0, {
        error: 'RATE_LIMIT_MULTIPLIER must be a positive number',
      })
      .transform(Number),
    // How long a browser may reuse a public page before it revalidates (tests use a second).
    PAGE_MAX_AGE: z
      .string()
      .default('60')
      .refine((v) => /^\d+$/.test(v), { error: 'PAGE_MAX_AGE must be a whole number of seconds' })
      .transform(Number),
    // Megabytes of rendered public pages kept in memory; 0 renders every request.
    RENDER_CACHE_MB: z
      .string()
      .default('64')
      .refine((v) => /^\d+(\.\d+)?$/.test(v), {
        error: 'RENDER_CACHE_MB must be a number of megabytes (0 turns the cache off)',
      })
      .transform(Number),
    // Visits and taps counted on our own server for the dashboard; 0 turns counting off.
    ANALYTICS: z
      .enum(['0', '1', ''], { error: 'ANALYTICS must be 1 (count visits) or 0 (count nothing)' })
      .default('1')
      .transform((v) => v !== '0'),
    TRUST_PROXY: z
      .enum(['0', '1', ''])
      .default('0')
      .transform((v) => v === '1'),
    LITESTREAM_REPLICA_URL: optionalText.superRefine((v, ctx) => {
      const problem = v === undefined ? undefined : replicaUrlProblem(v)
      if (problem) ctx.addIssue({ code: 'custom', message: `LITESTREAM_REPLICA_URL ${problem}` })
    }),
    // Unset: demo content on a laptop, the store's own content in production.
    DEMO_CONTENT: z.enum(['0', '1', ''], { error: 'DEMO_CONTENT must be 1 (demo content) or 0 (none)' }).optional(),
  })
  .superRefine((env, ctx) => {
    const production = env.NODE_ENV === 'production' || env.LITESTREAM_REPLICA_URL !== undefined
    if (env.DEMO_CONTENT === '1' && env.LITESTREAM_REPLICA_URL !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['DEMO_CONTENT'],
        message:
          "DEMO_CONTENT=1 cannot be used with LITESTREAM_REPLICA_URL: invented posts and inquiries would be replicated as the shop's own",
      })
    }
    if (production && (env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL === undefined ? 'ADMIN_EMAIL' : 'ADMIN_PASSWORD'],
        message:
          'set ADMIN_EMAIL and ADMIN_PASSWORD together, or neither (the first start then logs a one-time setup link)',
      })
    }
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'SESSION_SECRET is required when NODE_ENV=production',
      })
    }
    // Without it every link the site writes (canonical addresses, the setup link,
    // links in mail) would point at localhost, and cookies would lose Secure.
    if (env.NODE_ENV === 'production' && !env.SITE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SITE_URL'],
        message: 'SITE_URL is required when NODE_ENV=production (the public address, e.g. https://shop.example.com)',
      })
    }
    if (env.SESSION_SECRET && env.SESSION_SECRET.length < 16) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'SESSION_SECRET must be at least 16 characters',
      })
    }
  })

export type Config = Omit<z.output<typeof EnvSchema>, 'SITE_URL' | 'DEMO_CONTENT'> & {
  SITE_URL: string
  SESSION_SECRET: string
  /** "In production" for cookies and transport means the site is served over https. */
  isSecureSite: boolean
  /**
   * The database holds the shop's real data: the operator set NODE_ENV=production,
   * or a replica keeps it. Then a first start adds no invented posts or inquiries
   * and never prints a password.
   */
  holdsRealData: boolean
  /** An empty database gets the full demo content (posts and inquiries too), not only the store's own content. */
  demoContent: boolean
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  // server.mjs defaults NODE_ENV to production for React; the operator's own value decides.
  const nodeEnv = env.OPERATOR_NODE_ENV !== undefined ? env.OPERATOR_NODE_ENV || undefined : env.NODE_ENV
  const result = EnvSchema.safeParse({ ...env, NODE_ENV: nodeEnv })
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const { DEMO_CONTENT, ...value } = result.data
  const SITE_URL = value.SITE_URL ?? `http://localhost:${value.PORT}`
  const holdsRealData = value.NODE_ENV === 'production' || value.LITESTREAM_REPLICA_URL !== undefined
  return {
    ...value,
    SITE_URL,
    SESSION_SECRET: value.SESSION_SECRET ?? 'development-only-secret-change-me',
    isSecureSite: SITE_URL.startsWith('https://'),
    holdsRealData,
    demoContent: DEMO_CONTENT ? DEMO_CONTENT === '1' : !holdsRealData,
  }
}

/**
 * What is allowed but probably wrong, for the log at start-up: a production
 * site on plain http (cookies without Secure, no HSTS, links in mail on http).
 */
export function configWarnings(cfg: Config): string[] {
  if (cfg.NODE_ENV !== 'production' || cfg.isSecureSite) return []
  return [
    `Warning: SITE_URL=${cfg.SITE_URL} is not https: cookies are sent without Secure, there is no HSTS, ` +
      'and links in mail use http. Fine for a local test of the container; a public site needs its https address.',
  ]
}

let cached: Config | undefined

/** The validated environment; parsed on first use. */
export function config(): Config {
  cached ??= parseConfig(process.env)
  return cached
}

/** For tests that change the environment between cases. */
export function resetConfigForTesting() {
  cached = undefined
}
