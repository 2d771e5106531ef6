// npm run posts:render — renders every post's markdown again and stores the HTML
// the pages show (posts.content_html, content_summary). Posts are rendered when
// saved; run this after a change to the renderer or its allow-list, or after an
// image a post shows was replaced. `--missing` renders only posts without HTML.
import { config } from '~/config.server'
import { db } from '~/db/db.server'
import { renderAllPosts } from '~/models/post-content.server'
import { migrateAndUpkeep } from '~/models/upkeep.server'
import { runAsDataOwner } from '~/ops/run-as-data-owner.server'

import { runCommand } from './command'

async function main() {
  const { DATABASE_PATH } = config()
  runAsDataOwner(DATABASE_PATH)
  await migrateAndUpkeep(db())
  const onlyMissing = process.argv.includes('--missing')
  const started = performance.now()
  const rendered = await renderAllPosts(db(), { onlyMissing })
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(`Rendered ${rendered} post${rendered === 1 ? '' : 's'} in ${seconds} s (${DATABASE_PATH})`)
}

runCommand(main)
