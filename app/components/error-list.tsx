export interface ErrorListProps {
  id?: string
  errors?: string[] | null
  className?: string
  reserve?: boolean
}

/**
 * A field's errors: the first rule it breaks, in words. Nothing is drawn while
 * there is none, unless `reserve` keeps the line (so the form does not move).
 * It lives apart from the form kit so the public contact form can use it
 * without loading the kit and its conform helpers.
 */
export function ErrorList({ id, errors, className, reserve = false }: ErrorListProps) {
  const first = errors?.[0]
  if (!first && !reserve) return null
  return (
    <p id={id} className={className}>
      {first}
    </p>
  )
}
