import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely'

/**
 * The tables a statement may change, read from Kysely's syntax tree (never from
 * its SQL text). `null` in the answer stands for "some table this code cannot
 * name": a raw `sql` statement, a schema change, or a target that is not a
 * plain table. A select names nothing.
 */
export function writtenTables(node: RootOperationNode): Set<string | null> {
  const tables = new Set<string | null>()
  collect(node, tables)
  return tables
}

function collect(node: OperationNode, tables: Set<string | null>): void {
  switch (node.kind) {
    case 'SelectQueryNode':
      collectCommonTables(node as Extract<RootOperationNode, { kind: 'SelectQueryNode' }>, tables)
      return
    case 'InsertQueryNode': {
      const insert = node as Extract<RootOperationNode, { kind: 'InsertQueryNode' }>
      collectCommonTables(insert, tables)
      tables.add(insert.into ? tableName(insert.into) : null)
      return
    }
    case 'UpdateQueryNode': {
      const update = node as Extract<RootOperationNode, { kind: 'UpdateQueryNode' }>
      collectCommonTables(update, tables)
      tables.add(update.table ? tableName(update.table) : null)
      return
    }
    case 'DeleteQueryNode': {
      const remove = node as Extract<RootOperationNode, { kind: 'DeleteQueryNode' }>
      collectCommonTables(remove, tables)
      if (remove.from.froms.length === 0) tables.add(null)
      for (const from of remove.from.froms) tables.add(tableName(from))
      return
    }
    case 'MergeQueryNode': {
      const merge = node as Extract<RootOperationNode, { kind: 'MergeQueryNode' }>
      collectCommonTables(merge, tables)
      tables.add(tableName(merge.into))
      return
    }
    default:
      // Raw SQL, DDL, or a statement kind this code does not know: it may write anything.
      tables.add(null)
  }
}

/** A `WITH` part may itself insert, update or delete (where the database allows it). */
function collectCommonTables(
  node: { readonly with?: { readonly expressions: readonly OperationNode[] } },
  tables: Set<string | null>,
) {
  for (const expression of node.with?.expressions ?? []) {
    const inner = (expression as { readonly expression?: OperationNode }).expression
    if (inner) collect(inner, tables)
  }
}

/** The name of a table target (`posts`, `posts as p`, `main.posts`); null when it is anything else. */
function tableName(node: OperationNode): string | null {
  if (node.kind === 'AliasNode') return tableName((node as unknown as { node: OperationNode }).node)
  if (node.kind !== 'TableNode') return null
  const table = (node as unknown as { table: { identifier: { name: string } } }).table
  return table.identifier.name.toLowerCase()
}

/** Where the plugin reports a statement's tables, right after the statement has run. */
export interface WriteReceiver {
  wrote(tables: ReadonlySet<string | null>): void
}

/**
 * A Kysely plugin that reads, for every statement, the tables it may change,
 * and hands them to `receiver` once the statement has run. A statement that
 * reaches the result step without having been seen here (a compiled query run
 * as it is) counts as writing a table nobody can name.
 */
export class WrittenTablesPlugin implements KyselyPlugin {
  readonly #seen = new WeakMap<QueryId, Set<string | null>>()

  constructor(private readonly receiver: WriteReceiver) {}

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    this.#seen.set(queryId, writtenTables(node))
    return node
  }

  async transformResult({ queryId, result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const tables = this.#seen.get(queryId) ?? new Set([null])
    if (tables.size > 0) this.receiver.wrote(tables)
    return result
  }
}
