/** What server.mjs passes to every loader and action as `context`. */
declare module 'react-router' {
  interface AppLoadContext {
    /** The socket's remote address (proxy headers are read only with TRUST_PROXY=1). */
    clientAddress: string
    /** A fresh nonce for this document's scripts (Content-Security-Policy). */
    cspNonce: string
  }
}

export {}
