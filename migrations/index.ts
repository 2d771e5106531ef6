import type { Migration } from 'kysely'
import * as m0001 from './0001_initial'
import * as m0005 from './0005_setup_tokens'

/**
 * Every migration, registered in code (not read from the folder at run time) so
 * the bundled server can run them. Names sort in the order they apply.
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0005_setup_tokens': m0005,
}
