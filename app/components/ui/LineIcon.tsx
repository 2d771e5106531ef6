/**
 * A decorative line icon: one path in a 24×24 box, drawn in the text colour
 * with round ends (the text or label beside it carries the meaning).
 */
export function LineIcon({ d, className, strokeWidth }: { d: string; className: string; strokeWidth: number }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  )
}
