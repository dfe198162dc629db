import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['test/setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30000,
    hookTimeout: 120000,
    fileParallelism: true,
  },
})
