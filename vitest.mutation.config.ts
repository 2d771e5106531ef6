import { configDefaults, defineConfig, mergeConfig } from 'vitest/config'
import base from './vite.config'

/**
 * The Vitest configuration of mutation testing (stryker.config.mjs): the usual
 * one without the tests that run the scripts and the container entry point in
 * child processes. A mutant is switched on inside the test process, so those
 * tests could never notice one; they only made the first run minutes longer.
 */
export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: [
        ...configDefaults.exclude,
        'tests/integration/cli.test.ts',
        'tests/integration/cli-deploy.test.ts',
        'tests/integration/docker-entrypoint.test.ts',
      ],
    },
  }),
)
