import { z } from 'zod'

/**
 * zod 4 compiles object parsers with `new Function` when it may; the probe alone
 * trips the Content-Security-Policy (no 'unsafe-eval'). Parse without it.
 */
z.config({ jitless: true })
