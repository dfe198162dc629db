import { defineConfig } from 'vitest/config'

// Browser tests: Debian's Chromium (its headless shell, e2e/globalSetup.ts) driven by playwright-core against the built app served by a real api process.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./globalSetup.ts'],
    setupFiles: ['./setup.ts'],
    fileParallelism: false,
    testTimeout: 90000,
    // expect.poll waits for a state; on a loaded two-core machine a state can take seconds to arrive.
    expect: { poll: { timeout: 20000 } },
    hookTimeout: 180000,
  },
})
