import { useEffect, useState } from 'react'
import { useLocation } from 'react-router'

/**
 * What the add/edit dialog of an admin list shows (null: closed). A saved form
 * redirects back to the list, which closes the dialog. `openCount` changes at
 * every opening, so the form inside starts fresh (use it as its key).
 */
export function useEditorDialog<T>() {
  const [editing, setEditing] = useState<T | null>(null)
  const [openCount, setOpenCount] = useState(0)
  const location = useLocation()

  useEffect(() => setEditing(null), [location.key])

  return {
    editing,
    openCount,
    open(next: T) {
      setOpenCount((n) => n + 1)
      setEditing(next)
    },
    close: () => setEditing(null),
  }
}
