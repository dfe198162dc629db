import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['test/setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Each worker imports the app once for all its files (a fresh import per file was 60% of the run). Files share
    // no state but their worker's database, which every file resets; module mocks would leak, so files take what
    // they inspect from the app itself (app.routeRecords, app.servedResources).
    isolate: false,
    testTimeout: 30000,
    hookTimeout: 120000,
    fileParallelism: true,
  },
})
