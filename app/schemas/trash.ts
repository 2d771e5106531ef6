import { recordKindsInWords } from '~/lib/record-lists'
import { TRASH_KINDS } from '~/lib/trash'

import { z } from './z'

/**
 * The restore form: what to take out of the Trash, and where to go after it
 * (`list`: back to that record's admin list, as the toast's Undo does;
 * `trash`: stay on the Trash screen).
 */
export const RestoreSchema = z.object({
  kind: z.enum(TRASH_KINDS, { error: `Choose a ${recordKindsInWords()} to restore` }),
  id: z.coerce
    .number({ error: 'Choose something in the Trash to restore' })
    .int({ error: 'Choose something in the Trash to restore' })
    .positive({ error: 'Choose something in the Trash to restore' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'Choose something in the Trash to restore' }),
  back: z.enum(['list', 'trash']).default('trash'),
})
export type RestoreInput = z.infer<typeof RestoreSchema>
