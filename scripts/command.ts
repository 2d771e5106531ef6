// What the command-line tools share: strict argument reading with --help, and one
// way to finish (database closed, a failure printed in a sentence, an exit code).
import { parseArgs, type ParseArgsConfig } from 'node:util'

import { closeDatabase } from '~/db/db.server'

/** A mistake in how the command was called: printed with the usage, exit code 2. */
export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>

/**
 * Reads the arguments strictly: an unknown option or a missing value is a
 * UsageError; --help (or -h) prints the usage and ends the process.
 */
export function readCommandLine<const O extends Options>(
  argv: string[],
  usage: string,
  options: O,
  allowPositionals = false,
) {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      options: { ...options, help: { type: 'boolean', short: 'h', default: false } },
      strict: true,
      allowPositionals,
    })
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
  if ((parsed.values as { help?: boolean }).help) {
    console.log(usage)
    process.exit(0)
  }
  return parsed
}

/**
 * Runs a command to its end: the database is closed either way; a failure is
 * printed as one message (with the usage after a UsageError) and the process
 * exits 2 for a usage mistake, 1 for anything else.
 */
export function runCommand(
  main: () => Promise<void>,
  {
    usage,
    describe = (message) => message,
  }: { usage?: string; describe?: (message: string, error: unknown) => string } = {},
): void {
  main()
    .then(() => closeDatabase())
    .catch(async (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error)
      console.error(error instanceof UsageError ? `${message}\n${usage ?? ''}`.trimEnd() : describe(message, error))
      await closeDatabase().catch(() => {})
      process.exit(error instanceof UsageError ? 2 : 1)
    })
}
