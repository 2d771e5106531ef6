/** The longest search an admin list reads; the rest is cut off. */
export const LIST_SEARCH_MAX = 200

/**
 * An admin list's search and choice from the query string (posts by status,
 * deals by filter, inquiries by status): the search trimmed and cut to
 * LIST_SEARCH_MAX, the choice one of `choices` or else 'all'. Anything
 * unknown shows the whole list rather than an error.
 */
export function parseListFilter<Choice extends string>(
  params: URLSearchParams,
  key: string,
  choices: readonly Choice[],
): { q: string; choice: Choice | 'all' } {
  const q = (params.get('q') ?? '').trim().slice(0, LIST_SEARCH_MAX)
  // Any text that is not one of the choices, or none, shows the whole list.
  const wanted = params.get(key)
  const choice = choices.find((c) => c === wanted) ?? 'all'
  return { q, choice }
}

/** Normalises a requested page: anything that is not a positive whole number is 1. */
export function parsePage(raw: string | null | undefined): number {
  if (!raw || !/^\d{1,9}$/.test(raw)) return 1
  return Math.max(1, Number(raw))
}
