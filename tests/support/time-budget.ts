/** Whether these tests run under mutation testing (`npm run test:mutation`). */
export const UNDER_MUTATION_TESTING = process.env.STRYKER_MUTATOR_WORKER !== undefined

/**
 * Time budgets in tests are set for the code as it ships. Under mutation
 * testing every expression of the mutated files goes through Stryker's mutant
 * switch and coverage counter, which makes the same work several times slower,
 * so the budgets grow by this factor there. A budget still catches what it is
 * for: work that grows faster than the input.
 */
export const TIME_BUDGET_FACTOR = UNDER_MUTATION_TESTING ? 5 : 1
