import type { Migration } from 'kysely/migration'
import * as m0001 from './0001_initial'
import * as m0002 from './0002_post_content_html'

/**
 * Every migration, registered in code so the bundled server can run them
 * (STACK.md trap 1). Names sort in the order they apply.
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_post_content_html': m0002,
}
