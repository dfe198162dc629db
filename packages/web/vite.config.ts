import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { chunkReport } from './chunkReport.ts';
import { precompress } from './precompress.ts';
// Loaded with `--configLoader runner` (package.json): themeVariables.ts imports the app's theme and, through it, the
// shared package's TypeScript.
import { themeVariables } from './themeVariables.ts';
import { faIconNames } from './src/resource/icons/faIconNamesPlugin.ts';

// React Router's package exports only its development build (dev warnings on, the developer hints in its default
// error page); the production build beside it differs in just that switch. The app ships the production one.
const requireFromRouterDom = createRequire(createRequire(import.meta.url).resolve('react-router-dom/package.json'));
const reactRouterDist = path.join(path.dirname(requireFromRouterDom.resolve('react-router/package.json')), 'dist/production');
const productionRouter = [
  { find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'dom-export.mjs') },
];

// The api server the dev and preview servers forward to.
const apiServer = process.env.QSHOP_API_URL ?? 'http://127.0.0.1:3000';
const proxy = { '/api': apiServer, '/uploads': apiServer };

export default defineConfig({
  plugins: [react(), faIconNames(), themeVariables(), chunkReport(), precompress()],
  resolve: { alias: productionRouter },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        // Few files for the storefront's first pages (each one more costs a phone a round trip): everything the
        // entry imports in one script (the storefront layout and home page among it, router.tsx), search and goods
        // detail in a second; back-office pages and their libraries stay in chunks of their own
        // (scripts/check-chunks.mjs, bench/web-size.ts).
        codeSplitting: {
          groups: [
            { name: 'boot', tags: ['$initial'], priority: 3 },
            { name: 'catalog', test: /src[\\/]storefront[\\/]catalog[\\/](SearchPage|GoodsPage)\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
});
