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
 */
export default defineConfig(
  mergeConfig(base, {
    test: {
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
