/** Five stars labelled 'Rated N out of 5' (the stars themselves are decorative). */
export function StarRating({ rating, size = 'md' }: { rating: number; size?: 'sm' | 'md' }) {
  const value = Math.max(0, Math.min(5, Math.round(rating)))
  const box = size === 'sm' ? 'h-4 w-4' : 'h-5 w-5'
  return (
    <span role="img" aria-label={`Rated ${value} out of 5`} className="inline-flex items-center gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <svg
          key={n}
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`${box} ${n <= value ? 'text-accent-500' : 'text-cream-300'}`}
          fill="currentColor"
        >
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z" />
        </svg>
      ))}
    </span>
  )
}
