import { createContext, RouterContextProvider } from 'react-router'

/** What the HTTP layer knows about a request before React Router sees it. */
export interface RequestFacts {
  /** The socket's remote address (proxy headers are read only with TRUST_PROXY=1). */
  clientAddress: string
  /** A fresh nonce for this document's scripts (Content-Security-Policy); empty where no policy applies. */
  cspNonce: string
  /**
   * The nonce to use instead when the page turns out to be shared (200, for
   * nobody in particular): the same for every rendering of the same page (see
   * sharedPageNonce). Absent for requests that cannot be shared.
   */
  sharedNonce?: string
}

/**
 * Every loader, action and middleware receives a `RouterContextProvider` as
 * `context` (React Router 8 always runs middleware); read these facts with
 * `context.get(requestFacts)`. A request built without them (a unit test
 * calling an action directly) reads an unknown address and no nonce.
 */
export const requestFacts = createContext<RequestFacts>({ clientAddress: 'unknown', cspNonce: '' })

/** The context the page handler passes to React Router for one request. */
export function requestContext(facts: RequestFacts): RouterContextProvider {
  return new RouterContextProvider(new Map([[requestFacts, facts]]))
}
