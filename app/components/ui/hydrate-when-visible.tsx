import { type ComponentType, Suspense, use, useId } from 'react'

/**
 * A widget below the fold whose code loads only when it nears the screen.
 * The server renders it in full, as ever; in the browser its part of the page
 * stays the server's HTML (visible, links working, nothing hydrated) until it
 * is within 300 px of the viewport, then its module is fetched and hydrated.
 * After a client-side navigation it loads at once; a route whose address can
 * point into or below the widget (a `#` link) calls `preload` in its
 * `clientLoader`, so the page arrives whole instead of growing after the
 * browser has scrolled. The widget must work without JavaScript, since that
 * is what it does until then.
 */
export function hydrateWhenVisible<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> & { preload: () => Promise<unknown> } {
  let module: Promise<ComponentType<Props>> | undefined
  let loaded: Promise<ComponentType<Props>> | undefined
  const loadOnce = () => {
    if (!module) {
      const promise = load() as Promise<ComponentType<Props>> & { status?: string; value?: ComponentType<Props> }
      // Marked as React's `use` reads a settled promise, so once loaded it renders without suspending.
      void promise.then((value) => {
        promise.status = 'fulfilled'
        promise.value = value
        loaded = promise
      })
      module = promise
    }
    return module
  }
  // The server renders it in full on every page: loaded when the server starts.
  if (typeof document === 'undefined') void loadOnce()
  const waiting = new Map<string, Promise<ComponentType<Props>>>()

  function whenNear(id: string): Promise<ComponentType<Props>> {
    // Loaded already (preloaded, or shown on an earlier page): rendered at once, without a gap.
    if (loaded) return loaded
    let promise = waiting.get(id)
    if (!promise) {
      promise = new Promise<void>((resolve) => {
        const node = document.getElementById(id)
        // Not in the page yet: rendered by a client-side navigation, not hydrated.
        if (!node || typeof IntersectionObserver === 'undefined') return resolve()
        const observer = new IntersectionObserver(
          (entries) => {
            if (!entries.some((entry) => entry.isIntersecting)) return
            observer.disconnect()
            resolve()
          },
          { rootMargin: '300px 0px' },
        )
        observer.observe(node)
      }).then(loadOnce)
      waiting.set(id, promise)
    }
    return promise
  }

  function Loaded({ anchor, props }: { anchor: string; props: Props }) {
    const Component = use(typeof document === 'undefined' ? loadOnce() : whenNear(anchor))
    return <Component {...props} />
  }

  function HydrateWhenVisible(props: Props) {
    const id = useId()
    return (
      <div id={id}>
        <Suspense fallback={null}>
          <Loaded anchor={id} props={props} />
        </Suspense>
      </div>
    )
  }
  return Object.assign(HydrateWhenVisible, { preload: loadOnce })
}
