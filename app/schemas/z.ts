import { z } from 'zod'

/**
 * zod for the form schemas. zod 4 compiles object parsers with `new Function`
 * when it may; in the browser the probe alone trips the Content-Security-Policy
 * (no 'unsafe-eval'), so parse without it. Importing zod only here keeps it off
 * pages that have no form.
 */
z.config({ jitless: true })

export { z }
