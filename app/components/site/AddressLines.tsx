import type { StoreFacts } from '~/schemas/settings'

/** A store's name, street, and city line, one line each (inside the caller's `<address>`). */
export function AddressLines({
  store,
  nameClassName = 'block font-semibold',
}: {
  store: StoreFacts
  nameClassName?: string
}) {
  return (
    <>
      <span className={nameClassName}>{store.name}</span>
      <span className="block">{store.street}</span>
      <span className="block">
        {store.city}, {store.region} {store.postal_code}
      </span>
    </>
  )
}
