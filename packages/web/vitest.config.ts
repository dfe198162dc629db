import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { faIconNames } from './src/resource/icons/faIconNamesPlugin';

export default defineConfig({
  plugins: [react(), faIconNames()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // One worker per core (the default leaves one core idle on a two-core machine).
    maxWorkers: 2,
    // One jsdom and one load of the dependencies per worker, not per file (197 s → 80 s on two cores). Each file
    // still gets its own copy of our modules: test/setup.ts resets the module registry, so module-level stores and
    // vi.mock start fresh in every file.
    isolate: false,
    clearMocks: true,
    restoreMocks: true,
    unstubGlobals: true,
    // Route tests load real lazy chunks; a cold transform can take seconds.
    testTimeout: 20_000,
  },
});
