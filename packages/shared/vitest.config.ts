import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // The property tests (fast-check) run a fixed number of cases, CPU-bound: in `pnpm test` the type check and lint
    // run beside them, and one took 5.07 s of vitest's default 5 s. The timeout only stops a test that hangs.
    testTimeout: 60000,
  },
})
