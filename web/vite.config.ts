/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const backend = process.env.CASTAWAY_DEV_BACKEND ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': backend,
      '/media': backend,
      '/images': backend,
      '/healthz': backend,
    },
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    // dist/.vite/manifest.json: the Go server names each page's chunks in its HTML.
    manifest: true,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
    pool: 'threads',
    maxWorkers: 2,
    // Longer than the 5 s a condition is awaited (src/test/setup.ts), so a slow machine's
    // cold first run fails on the condition's own message, not on a bare timeout.
    testTimeout: 15_000,
  },
});
