// `npm run lint` (part of `make test`). Besides the usual TypeScript, hooks and accessibility
// rules, it keeps the app's layers apart (docs/architecture.md, "The web app"):
//   src/app              the shell and routes: may import anything below
//   src/features/X       one feature: src/components, src/api, src/lib and its own folder only
//   src/components, src/api, src/lib   shared: never a feature or the app
// Where two features meet (a page showing another feature's part), src/app hands the part in
// as a prop. Tests may also reach the app and src/test (to render routes and fake the server);
// src/test, the tests' own kit, may import anything.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const shared = ['./src/components', './src/api', './src/lib'];

/** The zones every file obeys; `strict` adds what only production code must not reach. */
function zones(strict) {
  return [
    { target: shared, from: ['./src/features', './src/app'], message: 'Shared code imports no feature and not the app.' },
    ...features.map((f) => ({
      target: `./src/features/${f}`,
      from: './src/features',
      except: [`./${f}`],
      message: 'A feature imports no other feature: compose them in src/app and pass the part in as a prop.',
    })),
    ...(strict
      ? [
          { target: './src/features', from: './src/app', message: 'A feature does not reach up into the app shell.' },
          { target: ['./src/app', './src/features', ...shared], from: './src/test', message: 'src/test is for tests only.' },
        ]
      : []),
  ];
}

const tests = ['src/**/*.test.{ts,tsx}'];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'src/api/*.gen.ts'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    // The journeys' and the screen comparison's page.evaluate callbacks run in the browser.
    files: ['e2e/**', 'scripts/compare-screens.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      // no-cycle reads the imported modules too, which takes the TypeScript parser.
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    rules: {
      // A relative import that does not resolve would slip past the boundaries below.
      'import/no-unresolved': ['error', { ignore: ['^[^.]'] }],
      'import/no-restricted-paths': ['error', { zones: zones(true) }],
      // A circle of imports means two modules are one in two files (the rule cannot see
      // type-only imports; keep those acyclic too).
      'import/no-cycle': 'error',
      // The app is not built with the React Compiler; these of its checks reject patterns used
      // on purpose here (a ref holding the latest callback, state reset in an effect).
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/globals': 'off',
      // autoFocus is used only where the reader just asked for the field or the safe choice
      // (a reply box they opened, Cancel in a confirmation they opened).
      'jsx-a11y/no-autofocus': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: tests,
    rules: { 'import/no-restricted-paths': ['error', { zones: zones(false) }] },
  },
  {
    files: ['src/test/**'],
    rules: { 'import/no-restricted-paths': 'off' },
  },
);
