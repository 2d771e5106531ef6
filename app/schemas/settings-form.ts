import { SettingsSchema, StoreSchema } from '~/schemas/settings'

import { z } from './z'

/**
 * SettingsSchema as the admin form submits it: conform turns an empty field
 * into undefined, so the optional website address reads undefined as ''.
 */
const StoreFormSchema = StoreSchema.extend({
  website_url: StoreSchema.shape.website_url.optional().transform((value) => value ?? ''),
})

export const SettingsFormSchema = SettingsSchema.extend({
  stores: z.object({ Lindsey: StoreFormSchema, BlueWater: StoreFormSchema }),
})
