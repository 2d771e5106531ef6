import { expect, test as base } from '@playwright/test'

/**
 * `test` with the age gate already confirmed (the cookie 'Yes, Enter' sets),
 * unless a test opts out with `test.use({ ageConfirmed: false })`.
 */
export const test = base.extend<{ ageConfirmed: boolean }>({
  ageConfirmed: [true, { option: true }],
  context: async ({ context, ageConfirmed, baseURL }, use) => {
    if (ageConfirmed) {
      // react-router's createCookie stores JSON "1" base64-encoded.
      await context.addCookies([{ name: 'age_verified', value: 'IjEi', url: baseURL! }])
    }
    await use(context)
  },
})

export { expect }
