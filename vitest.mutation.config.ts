import { configDefaults, defineConfig, mergeConfig } from 'vitest/config'

import base from './vite.config'

/**
 * The Vitest configuration of mutation testing (stryker.config.mjs): the usual
 * one without the tests that run the scripts and the container entry point in
 * child processes. A mutant is switched on inside the test process, so those
 * tests could never notice one; they only made the first run minutes longer.
 * Also without the markdown corpus (57 inputs of up to 99,000 characters, each
 * rendered three times to time it): it would run again for every mutant of the
 * markdown code, which tests/unit/markdown*.test.ts reach with small inputs.
 *
 * In worker threads rather than child processes: for each mutant Stryker runs
 * the test files that reach it, each in a fresh worker, and a fresh thread
 * costs far less than a fresh process. The 190 mutants of text-diff.ts took
 * 1 min 48 s instead of 3 min 5 s; both there and for the 143 of
 * image-pipeline.server.ts each mutant's result was the same either way, and
 * every test passes in threads.
 */
export default defineConfig(
  mergeConfig(base, {
    test: {
      pool: 'threads',
      exclude: [
        ...configDefaults.exclude,
        'tests/integration/cli.test.ts',
        'tests/integration/cli-deploy.test.ts',
        'tests/integration/docker-entrypoint.test.ts',
        'tests/unit/markdown-corpus.test.ts',
      ],
    },
  }),
)
