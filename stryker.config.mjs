// Mutation testing (npm run test:mutation): StrykerJS changes the code of the
// models and helpers one small edit at a time and runs the Vitest tests that
// reach each edit; a "mutant" the tests still pass with is a defect they would
// miss. Not part of `npm test`: a whole run from nothing takes hours on two
// cores, so run it in parts, each keeping its results in its own file (also
// when it is stopped): the auth, schema and HTTP helpers (about 30 min),
// app/models/[a-o]* (about 35 min), app/models/[p-z]*, app/lib. For example:
// npm run test:mutation -- --mutate 'app/models/[a-o]*.ts' --incrementalFile reports/mutation/models-a.json
// Incremental mode reuses reports/stryker-incremental.json (committed), so a
// rerun after a small change only tests what changed. A run with --mutate
// writes only what it mutated, so keep the committed results aside for one
// file too: --mutate app/lib/seo.ts --incrementalFile reports/mutation/one.json
// Parts are merged back into the committed file, oldest first:
// node scripts/merge-mutation-results.mjs reports/stryker-incremental.json <part files…>
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  // The first run (every test, with coverage per test) takes minutes on a busy machine.
  dryRunTimeoutMinutes: 30,
  coverageAnalysis: 'perTest',
  // Of app/http, the request and response helpers listed by name; the server,
  // the page handler and the render cache are left to the browser tests.
  mutate: [
    'app/models/**/*.ts',
    'app/lib/**/*.ts',
    'app/auth/**/*.ts',
    'app/schemas/**/*.ts',
    'app/http/age-gate.server.ts',
    'app/http/form-data.server.ts',
    'app/http/health.server.ts',
    'app/http/http-cache.server.ts',
    'app/http/image-form.server.ts',
    'app/http/inline-css.server.ts',
    'app/http/records.server.ts',
    'app/http/script-priority.server.ts',
    'app/http/security-headers.server.ts',
    'app/http/shared-document.server.ts',
    'app/http/toast.server.ts',
  ],
  // Module-level constants (the markdown allow-list, header policies) are
  // checked by tests of their values instead: a static mutant needs a whole
  // suite run each.
  ignoreStatic: true,
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: false },
  // Two cores, shared.
  concurrency: 2,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  thresholds: { high: 90, low: 80, break: null },
}
