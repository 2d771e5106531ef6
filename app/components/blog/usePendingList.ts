import { useLocation, useNavigation } from 'react-router'

/** True while a client navigation to another page or search of this same list is loading. */
export function usePendingList(): boolean {
  const navigation = useNavigation()
  const location = useLocation()
  return (
    navigation.state === 'loading' &&
    navigation.location?.pathname === location.pathname &&
    navigation.location.search !== location.search
  )
}
