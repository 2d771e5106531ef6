import type { Migration } from 'kysely/migration'
import * as m0001 from './0001_initial'
import * as m0003 from './0003_attempts_and_mail_queue'
import * as m0006 from './0006_staff_accounts'

/**
 * Every migration, registered in code so the bundled server can run them
 * (STACK.md trap 1). Names sort in the order they apply.
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0003_attempts_and_mail_queue': m0003,
  '0006_staff_accounts': m0006,
}
