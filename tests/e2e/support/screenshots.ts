import { test } from '@playwright/test'

/**
 * Where a documentation screenshot goes: into docs/screenshots (committed, shown in the README)
 * only when UPDATE_SCREENSHOTS=1, otherwise beside the test's other output, so that running the
 * suite never changes tracked files.
 */
export function screenshotPath(name: string): string {
  return process.env.UPDATE_SCREENSHOTS === '1' ? `docs/screenshots/${name}` : test.info().outputPath(name)
}
