import { createContext, useContext } from 'react'

/**
 * The CSP nonce of the current document. The server provides it; in the browser
 * it is '' (browsers hide nonce attributes, so hydration still matches).
 */
export const NonceContext = createContext('')

export function useNonce(): string {
  return useContext(NonceContext)
}
