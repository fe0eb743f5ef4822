/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const backend = process.env.CASTAWAY_DEV_BACKEND ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    react(),
    // Installable and offline: the manifest (dist/manifest.webmanifest, linked from
    // index.html) and the service worker src/sw.ts (dist/sw.js). The page registers it
    // itself (features/offline/UpdatePrompt) and offers a reload when a new one waits.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        // The app shell: index.html, every hashed script and style, the icons and the
        // manifest. Not the build manifest (.vite/, read by the server).
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
      },
      // The glob above has them already.
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'Survivor Rankings',
        short_name: 'Rankings',
        description: 'Rank your favourite Survivor castaways and seasons, and see how the tribe votes.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        // --color-jungle-800 (src/styles/tokens.css), the page's background and theme colour.
        theme_color: '#0b1f17',
        background_color: '#0b1f17',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
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
