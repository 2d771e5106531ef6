import { data } from 'react-router'

import { NotFoundPage } from '~/root'

import type { Route } from './+types/$'

/** Any unknown address: the 404 page, with status 404 and the path logged. */
export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url)
  console.warn(`404 Not Found: ${pathname}`)
  return data({ pathname }, { status: 404 })
}

export const meta: Route.MetaFunction = () => [{ title: 'Page not found' }, { name: 'robots', content: 'noindex' }]

export default function CatchAll() {
  return <NotFoundPage />
}
