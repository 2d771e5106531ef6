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
    // Defaults to http://localhost:PORT (below).
    SITE_URL: z
      .string()
      .optional()
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
    TRUST_PROXY: z
      .enum(['0', '1', ''])
      .default('0')
      .transform((v) => v === '1'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'SESSION_SECRET is required when NODE_ENV=production',
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

export type Config = Omit<z.output<typeof EnvSchema>, 'SITE_URL'> & {
  SITE_URL: string
  SESSION_SECRET: string
  /** "In production" means the site is served over https (DECISIONS.md). */
  isSecureSite: boolean
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  // server.mjs defaults NODE_ENV to production for React; the operator's own value decides.
  const nodeEnv = env.OPERATOR_NODE_ENV !== undefined ? env.OPERATOR_NODE_ENV || undefined : env.NODE_ENV
  const result = EnvSchema.safeParse({ ...env, NODE_ENV: nodeEnv })
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const value = result.data
  const SITE_URL = value.SITE_URL ?? `http://localhost:${value.PORT}`
  return {
    ...value,
    SITE_URL,
    SESSION_SECRET: value.SESSION_SECRET ?? 'development-only-secret-change-me',
    isSecureSite: SITE_URL.startsWith('https://'),
  }
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
