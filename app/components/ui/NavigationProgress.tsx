import { useEffect, useState } from 'react'
import { useNavigation } from 'react-router'

/**
 * A thin bar at the top of the window while a client navigation or form
 * submission is under way, so a slow admin page shows that it is loading.
 * It creeps towards 90% and disappears when the navigation settles.
 */
export function NavigationProgress() {
  const busy = useNavigation().state !== 'idle'
  const [progress, setProgress] = useState(0)

  useEffect(() => {
    if (!busy) {
      setProgress(0)
      return
    }
    setProgress(15)
    const timer = window.setInterval(() => setProgress((p) => p + (90 - p) * 0.15), 200)
    return () => window.clearInterval(timer)
  }, [busy])

  if (!busy) return null
  return (
    <div
      role="progressbar"
      aria-label="Loading"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress)}
      className="fixed inset-x-0 top-0 z-[80] h-1 bg-brand-100/60"
    >
      <div
        className="h-full bg-accent-500 transition-[width] duration-200 ease-out"
        style={{ width: `${progress}%` }}
      />
    </div>
  )
}
