import {
  DummyDriver,
  Kysely,
  type RootOperationNode,
  sql,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely'
import { describe, expect, it } from 'vitest'

import type { Database } from '~/db/types'
import { writtenTables } from '~/db/written-tables.server'
import { touchesPublicTable } from '~/http/content-version.server'

/** Kysely without a database: queries are only built, never run. */
const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new SqliteIntrospector(kysely),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
})

const tablesOf = (query: { toOperationNode(): unknown }) =>
  [...writtenTables(query.toOperationNode() as RootOperationNode)].sort()

describe('the tables a statement writes, read from its syntax tree', () => {
  it('name the target of an insert, an update and a delete', () => {
    expect(tablesOf(db.insertInto('posts').values({ title: 'T', slug: 't', content: '' }))).toEqual(['posts'])
    expect(tablesOf(db.replaceInto('brands').values({ name: 'B', logo_url: '/b.svg' }))).toEqual(['brands'])
    expect(tablesOf(db.updateTable('deals_slides').set({ is_active: 0 }))).toEqual(['deals_slides'])
    expect(tablesOf(db.updateTable('deals_slides as d').set({ is_active: 0 }))).toEqual(['deals_slides'])
    expect(tablesOf(db.deleteFrom('sessions').where('id', '=', 'x'))).toEqual(['sessions'])
    expect(
      tablesOf(
        db
          .insertInto('visit_counts')
          .values({ metric: 'views', day: '2026-01-01', item: '/', count: 1 })
          .onConflict((oc) => oc.columns(['metric', 'day', 'item']).doUpdateSet({ count: 2 })),
      ),
    ).toEqual(['visit_counts'])
  })

  it('name only the written table when the statement reads others', () => {
    expect(
      tablesOf(
        db
          .insertInto('post_tags')
          .columns(['post_id', 'tag_id'])
          .expression(db.selectFrom('tags').select([sql<number>`1`.as('post_id'), 'id as tag_id'])),
      ),
    ).toEqual(['post_tags'])
    expect(
      tablesOf(
        db
          .deleteFrom('post_revisions')
          .where('post_id', 'in', db.selectFrom('posts').select('id').where('status', '=', 'draft')),
      ),
    ).toEqual(['post_revisions'])
  })

  it('add the tables written inside a WITH part', () => {
    const query = db
      .with('gone', (q) => q.deleteFrom('posts').where('id', '=', 1).returning('id'))
      .insertInto('activity_log')
      .values({ kind: 'post', action: 'deleted', subject_label: 'x', summary: '' })
    expect(tablesOf(query)).toEqual(['activity_log', 'posts'])
    const reading = db
      .with('drafts', (q) => q.selectFrom('posts').select('id'))
      .updateTable('sessions')
      .set({ expires_at: 'x' })
    expect(tablesOf(reading)).toEqual(['sessions'])
  })

  it('name nothing for a select', () => {
    expect(tablesOf(db.selectFrom('posts').selectAll())).toEqual([])
  })

  it('cannot name the table of raw SQL or a schema change', () => {
    expect(tablesOf(sql`UPDATE sessions SET expires_at = 'x'`)).toEqual([null])
    expect(tablesOf(db.schema.createTable('later').addColumn('id', 'integer'))).toEqual([null])
  })
})

describe('the page cache', () => {
  it('counts a write to a table it has not listed as private, or to one without a name, as public', () => {
    expect(touchesPublicTable(new Set(['posts']))).toBe(true)
    expect(touchesPublicTable(new Set(['sessions', 'contact_inquiries']))).toBe(false)
    expect(touchesPublicTable(new Set(['sessions', 'brands']))).toBe(true)
    expect(touchesPublicTable(new Set([null]))).toBe(true)
    expect(touchesPublicTable(new Set(['a_table_added_later']))).toBe(true)
    expect(touchesPublicTable(new Set())).toBe(false)
  })
})
