import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'

/**
 * Every message a form schema can give is shown to a person beside a field, so
 * none may be zod's own wording ("Invalid input: expected string, received
 * undefined", "Too small: …"). This walks every schema exported from
 * app/schemas, puts empty, missing and wrong-type values into each field in
 * turn (and into the whole form), and checks every message it gets back.
 */

const modules = import.meta.glob<Record<string, unknown>>('../../app/schemas/*.ts', { eager: true })

/** The beginnings of zod's own messages ("Invalid input: …", "Too small: …", "Invalid option: …"). */
const ZOD_WORDING =
  /^(Invalid (input|option|string|key|element|value|union|type)|Too (small|big)|Expected|Unrecognized)/
/** The one message the contact form takes word for word from the product's wording. */
const ALLOWED = new Set(['Invalid email address'])

function isRaw(message: string): boolean {
  return ZOD_WORDING.test(message) && !ALLOWED.has(message)
}

type Schema = z.ZodType
interface Def {
  type: string
  shape?: Record<string, Schema>
  innerType?: Schema
  in?: Schema
  options?: Schema[]
}

function isSchema(value: unknown): value is Schema {
  return Boolean(value && typeof value === 'object' && 'safeParse' in value && '_zod' in value)
}

function def(schema: Schema): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def
}

/** The object inside optional/default/pipe wrappers, if there is one. */
function objectShape(schema: Schema): Record<string, Schema> | null {
  const d = def(schema)
  if (d.type === 'object' && d.shape) return d.shape
  const inner = d.innerType ?? d.in
  return inner ? objectShape(inner) : null
}

/** Every field path of an object schema, nested objects included (their own paths and their leaves). */
function fieldPaths(shape: Record<string, Schema>, prefix: string[] = []): string[][] {
  return Object.entries(shape).flatMap(([key, child]) => {
    const path = [...prefix, key]
    const nested = objectShape(child)
    return nested ? [path, ...fieldPaths(nested, path)] : [path]
  })
}

function withValue(path: string[], value: unknown): Record<string, unknown> {
  const root: Record<string, unknown> = {}
  let node = root
  path.forEach((key, index) => {
    if (index === path.length - 1) node[key] = value
    else node = node[key] = {} as Record<string, unknown>
  })
  return root
}

const BAD_VALUES: Array<[string, unknown]> = [
  ['missing', undefined],
  ['empty', ''],
  ['blank', '   '],
  ['null', null],
  ['a number', 42],
  ['true', true],
  ['a list', ['a', 'b']],
  ['an object', { a: 1 }],
  ['a word', 'x'],
]

const schemas = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => isSchema(value) && objectShape(value as Schema))
    .map(([name, value]) => ({ label: `${file.replace('../../app/schemas/', '')} ${name}`, schema: value as Schema })),
)

function rawMessages(schema: Schema, input: unknown): string[] {
  const result = schema.safeParse(input)
  if (result.success) return []
  return result.error.issues.filter((issue) => isRaw(issue.message)).map((i) => `${i.path.join('.')}: ${i.message}`)
}

describe('form schema messages', () => {
  it('finds the form schemas', () => {
    const names = schemas.map((s) => s.label)
    for (const expected of ['PostSchema', 'SettingsSchema', 'SettingsFormSchema', 'BrandSchema', 'DealSchema']) {
      expect(names.some((name) => name.endsWith(` ${expected}`))).toBe(true)
    }
  })

  for (const { label, schema } of schemas) {
    it(`${label}: every field error is a sentence about that field`, () => {
      const raw = new Set<string>()
      const check = (input: unknown, what: string) => {
        for (const message of rawMessages(schema, input)) raw.add(`${what} → ${message}`)
      }
      for (const [name, value] of [...BAD_VALUES, ['an empty form', {}]] as Array<[string, unknown]>) {
        check(value, `whole form ${name}`)
      }
      for (const path of fieldPaths(objectShape(schema)!)) {
        for (const [name, value] of BAD_VALUES) check(withValue(path, value), `${path.join('.')} ${name}`)
      }
      expect([...raw]).toEqual([])
    })

    it(`${label}: a form posted with every field empty gets only field sentences`, () => {
      const data = new FormData()
      for (const path of fieldPaths(objectShape(schema)!)) data.set(path.join('.'), '')
      const submission = parseWithZod(data, { schema })
      const messages = submission.status === 'error' ? (Object.values(submission.error ?? {}).flat() as string[]) : []
      expect(messages.filter(isRaw)).toEqual([])
    })
  }
})
