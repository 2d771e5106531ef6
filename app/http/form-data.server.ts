import { data } from 'react-router'

import { hasFormShape, UNREADABLE_FORM_MESSAGE, withSingleLineBreaks } from '~/lib/form-shape'

/**
 * The posted form, or null when the body is not a readable form (wrong type,
 * cut short) or not one a page of the site could send (see form-shape.ts):
 * for an action that answers that in its own way. Line breaks come as one
 * character each, as the page counted them.
 */
export async function tryReadFormData(request: Request): Promise<FormData | null> {
  let formData: FormData
  try {
    formData = await request.formData()
  } catch {
    return null
  }
  return hasFormShape(formData) ? withSingleLineBreaks(formData) : null
}

/** The posted form, or a 400 with a clear message when the body is not a readable form. */
export async function readFormData(request: Request): Promise<FormData> {
  const formData = await tryReadFormData(request)
  if (!formData) throw data(UNREADABLE_FORM_MESSAGE, { status: 400 })
  return formData
}

/** Characters echoed back for a field whose schema states no limit of its own. */
const UNSTATED_FIELD_LIMIT = 1000

type SchemaNode = {
  maxLength?: number | null
  shape?: Record<string, SchemaNode>
  _zod?: { def?: Record<string, unknown> }
}

function unwrapped(node: SchemaNode | undefined): SchemaNode | undefined {
  // A wrapper is made around a schema that exists already, so the chain ends.
  let current = node
  while (current) {
    const { innerType, in: input } = (current._zod?.def ?? {}) as { innerType?: SchemaNode; in?: SchemaNode }
    const inner = innerType ?? input
    if (!inner) return current
    current = inner
  }
  return current
}

/**
 * A form's reply with every value it echoes back cut to that field's own
 * length limit (from the schema), so a refused form never sends back more
 * than a valid one could hold.
 */
export function withinFieldLimits<Result extends { initialValue?: Record<string, unknown> | null }>(
  result: Result,
  schema: unknown,
): Result {
  // Callers always pass a schema.
  const { shape = {} } = unwrapped(schema as SchemaNode) as SchemaNode
  const limitOf = (name: string) => unwrapped(shape[name])?.maxLength ?? UNSTATED_FIELD_LIMIT
  const cut = (value: unknown, limit: number): unknown =>
    typeof value === 'string' ? value.slice(0, limit) : Array.isArray(value) ? value.map((v) => cut(v, limit)) : value
  if (!result.initialValue) return result
  const initialValue = Object.fromEntries(
    Object.entries(result.initialValue).map(([name, value]) => [name, cut(value, limitOf(name))]),
  )
  return { ...result, initialValue }
}
