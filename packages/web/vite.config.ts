import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { chunkReport } from './chunkReport.ts';
import { precompress } from './precompress.ts';
import { faIconNames } from './src/resource/icons/faIconNamesPlugin.ts';

// The api server the dev and preview servers forward to.
const apiServer = process.env.QSHOP_API_URL ?? 'http://127.0.0.1:3000';
const proxy = { '/api': apiServer, '/uploads': apiServer };

export default defineConfig({
  plugins: [react(), faIconNames(), chunkReport(), precompress()],
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
      },
    },
  },
});
