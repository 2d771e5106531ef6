import type { Migration } from 'kysely/migration'

import * as m0001 from './0001_initial'
import * as m0003 from './0003_attempts_and_mail_queue'
import * as m0004 from './0004_upload_sweep'
import * as m0005 from './0005_post_content_html'
import * as m0006 from './0006_setup_tokens'
import * as m0007 from './0007_post_image_alt'
import * as m0008 from './0008_staff_accounts'
import * as m0009 from './0009_image_variants'
import * as m0010 from './0010_post_revisions'
import * as m0013 from './0013_activity_changes'
import * as m0014 from './0014_inquiry_staff_note'
import * as m0015 from './0015_visit_counts'
import * as m0016 from './0016_post_pictures'
import * as m0017 from './0017_trash'
import * as m0018 from './0018_upkeep_tasks'

/**
 * Every migration, registered in code (not read from the folder at run time) so
 * the bundled server can run them. Names sort in the order they apply.
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0003_attempts_and_mail_queue': m0003,
  '0004_upload_sweep': m0004,
  '0005_post_content_html': m0005,
  '0006_setup_tokens': m0006,
  '0007_post_image_alt': m0007,
  '0008_staff_accounts': m0008,
  '0009_image_variants': m0009,
  '0010_post_revisions': m0010,
  '0013_activity_changes': m0013,
  '0014_inquiry_staff_note': m0014,
  '0015_visit_counts': m0015,
  '0016_post_pictures': m0016,
  '0017_trash': m0017,
  '0018_upkeep_tasks': m0018,
}
