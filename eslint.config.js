// `pnpm lint`: type-aware checks for mistakes the type checker lets through, mostly promises nobody waits for.
// Style is left to the reviewers; every rule here points at a defect.
import tseslint from 'typescript-eslint'
import qshop from './eslint-rules/index.js'

export default tseslint.config(
  { ignores: ['**/dist/', 'packages/server/src/generated/', 'uploads/', 'test-results/', 'bench/.prof/'] },
  {
    files: [
      'packages/shared/src/**/*.ts',
      'packages/server/src/**/*.ts',
      'packages/server/test/**/*.ts',
      'packages/web/src/**/*.{ts,tsx}',
      'packages/web/e2e/**/*.ts',
      'packages/web/*.config.ts',
      'packages/web/chunkReport.ts',
      'packages/web/precompress.ts',
      'packages/web/themeVariables.ts',
      'scripts/**/*.ts',
      'bench/**/*.ts',
    ],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: {
        // The projects `pnpm typecheck` checks (scripts/ and bench/ belong to the server's), so each file is
        // linted with the compiler options it is built with.
        project: ['packages/shared/tsconfig.json', 'packages/server/tsconfig.json', 'packages/web/tsconfig.json', 'packages/web/e2e/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      // A promise left floating loses its error. Fire-and-forget is written `void call()`; the router's navigate
      // (a promise in data-router mode) is one: it settles when the navigation ends and never rejects.
      '@typescript-eslint/no-floating-promises': 'error',
      // A promise where a void callback is expected, JSX handlers included: handlers start async work as
      // `onClick={() => void save()}`, the async function catching its own errors (the API client shows refusals).
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-for-in-array': 'error',
      '@typescript-eslint/no-implied-eval': 'error',
    },
  },
  {
    // The server's layers and its units of work (eslint-rules/index.js). Tests and their kits may reach into any
    // module to set up what they test.
    files: ['packages/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testkit.ts'],
    plugins: { qshop },
    rules: {
      'qshop/layers': 'error',
      'qshop/unit-tx-only': 'error',
    },
  },
)
