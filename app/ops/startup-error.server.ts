/**
 * A reason the server must not start, worded for the operator: what is wrong,
 * where, and what to do. server.mjs prints the message alone (no stack trace)
 * and exits non-zero, like a ConfigError.
 */
export class StartupError extends Error {
  override name = 'StartupError'
}
