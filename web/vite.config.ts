/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import * as catalogue from './src/api/messages.gen';

const backend = process.env.CASTAWAY_DEV_BACKEND ?? 'http://127.0.0.1:8080';

type Node = { type: string; start: number; end: number; [key: string]: unknown };
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && typeof (v as Node).type === 'string';

/**
 * In the build, MESSAGES.key (api/contract, the catalogue src/api/messages.gen.ts) becomes the
 * sentence itself, as if written there: each chunk carries just the sentences it says. Left to
 * Rollup, the catalogue is one module, and a module goes whole into one chunk: every sentence
 * read anywhere would load with the first page (or, one module a sentence, each sentence two
 * pages share would be a chunk of its own).
 */
function inlineMessages(): Plugin {
  const sentences: Record<string, string> = catalogue;
  return {
    name: 'castaway-inline-messages',
    apply: 'build',
    // After esbuild: the code is JavaScript.
    enforce: 'post',
    transform(code, id) {
      if (!id.includes('/src/') || !code.includes('MESSAGES')) return null;
      const program = this.parse(code) as unknown as Node & { body: Node[] };
      const imported = program.body.some(
        (n) => n.type === 'ImportDeclaration' && /\/api\/contract$/.test((n.source as { value: string }).value) && (n.specifiers as Node[]).some((s) => (s.local as { name: string }).name === 'MESSAGES'),
      );
      if (!imported) return null;
      const edits: { start: number; end: number; text: string }[] = [];
      const visit = (node: Node) => {
        if (node.type === 'ImportDeclaration') return;
        const { object, property } = node as { object?: Node & { name?: string }; property?: Node & { name?: string } };
        if (node.type === 'MemberExpression' && object?.type === 'Identifier' && object.name === 'MESSAGES' && !node.computed && property?.name !== undefined) {
          const text = sentences[property.name];
          if (text === undefined) this.error(`MESSAGES.${property.name}: no such message in api/openapi.yaml x-messages`);
          edits.push({ start: node.start, end: node.end, text: JSON.stringify(text) });
          return;
        }
        if (node.type === 'Identifier' && node.name === 'MESSAGES') this.error('MESSAGES is read as MESSAGES.key only, so that the build can put the sentence in its place');
        for (const value of Object.values(node)) for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) visit(child);
      };
      visit(program);
      let out = code;
      for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
      return { code: out, map: null };
    },
  };
}

export default defineConfig(({ command }) => ({
  // The build renders with Preact's React-compatible core: the same components, a tenth of
  // react-dom's bytes on every first paint (the e2e journeys run against the build).
  // Tests and the dev server keep React itself.
  resolve:
    command === 'build'
      ? {
          alias: [
            { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
            { find: /^react-dom$/, replacement: 'preact/compat' },
            { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
            { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
            { find: /^react$/, replacement: 'preact/compat' },
          ],
        }
      : undefined,
  plugins: [
    react(),
    inlineMessages(),
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
}));
