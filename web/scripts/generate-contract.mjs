// Writes src/api/contract.gen.ts from api/openapi.yaml: the values the app needs at run time
// that openapi-typescript gives only as types: every string enum schema's values, in order,
// and every schema property's maxLength; and src/api/messages.gen.ts, the x-messages
// catalogue of sentences (internal/problem/gen writes the server's side). Run by
// `npm run generate` (make generate).
//
//   node scripts/generate-contract.mjs           write the files
//   node scripts/generate-contract.mjs --check   fail when one is out of date
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseYaml } from '@redocly/openapi-core';

/** A string as a TypeScript literal. */
const quote = (v) => `'${String(v).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** The TypeScript source for a contract (the parsed YAML). */
export function render(doc) {
  const schemas = doc?.components?.schemas ?? {};
  const names = Object.keys(schemas).sort();
  const enums = names.filter((n) => schemas[n].type === 'string' && Array.isArray(schemas[n].enum));
  const limits = names
    .map((n) => [n, Object.entries(schemas[n].properties ?? {}).filter(([, p]) => typeof p.maxLength === 'number')])
    .filter(([, props]) => props.length > 0);
  const out = [
    '// Generated from api/openapi.yaml by scripts/generate-contract.mjs (make generate). Do not edit.',
    "import type { components } from './schema.gen';",
    '',
    "type Schemas = components['schemas'];",
    '',
    '/** The values of each string enum schema, in the contract\'s order. */',
    'export const enumValues = {',
    ...enums.map((n) => `  ${n}: [${schemas[n].enum.map(quote).join(', ')}] as const satisfies readonly Schemas[${quote(n)}][],`),
    '} as const;',
    '',
    '/** maxLength of each schema property that has one. */',
    'export const maxLength = {',
    ...limits.map(([n, props]) => `  ${n}: { ${props.map(([k, p]) => `${k}: ${p.maxLength}`).join(', ')} },`),
    '} as const;',
    '',
    '/** The names of the {name} placeholders in a message. */',
    'export type Placeholders<S extends string> = S extends `${string}{${infer K}}${infer R}` ? K | Placeholders<R> : never;',
    '',
    '/** A message with its placeholders filled in, as problem.Format does on the server. */',
    'export function format<S extends string>(message: S, values: Record<Placeholders<S>, string | number>): string {',
    '  const named: Record<string, string | number> = values;',
    '  return message.replace(/\\{(\\w+)\\}/g, (whole, name: string) => (name in named ? String(named[name]) : whole));',
    '}',
    '',
  ];
  return out.join('\n');
}

/** The TypeScript source for the contract's YAML text. */
export function fromYaml(text) {
  return render(parseYaml(text));
}

/**
 * The TypeScript source of the x-messages catalogue: one constant a sentence, typed as its very
 * text (formatMessage reads the placeholders from it), read as MESSAGES.key. The build puts
 * each sentence read in place of MESSAGES.key (vite.config.ts), so that a chunk carries only
 * the sentences it says.
 */
export function renderMessages(doc) {
  const messages = doc?.['x-messages'] ?? {};
  return [
    '// Generated from api/openapi.yaml (x-messages) by scripts/generate-contract.mjs (make generate). Do not edit.',
    '// The sentences of the server and the app, with {name} placeholders: read them as MESSAGES (api/contract).',
    ...Object.keys(messages).sort().map((k) => `export const ${k} = ${quote(messages[k])};`),
    '',
  ].join('\n');
}

/**
 * The CSS of the tier palette (TierColor's x-palette, its one source; internal/shareimage/gen
 * writes the share image's): a --tier-<name> custom property a color, in the enum's order.
 */
export function renderPalette(doc) {
  const schema = doc?.components?.schemas?.TierColor;
  const palette = schema?.['x-palette'] ?? {};
  const names = schema?.enum ?? [];
  for (const n of names) {
    if (!/^#[0-9a-f]{6}$/.test(palette[n] ?? '')) throw new Error(`x-palette.${n}: want #rrggbb (lower case), have ${palette[n]}`);
  }
  if (Object.keys(palette).length !== names.length) throw new Error('x-palette names a color that is not a TierColor');
  return [
    '/* Generated from api/openapi.yaml (TierColor\'s x-palette) by scripts/generate-contract.mjs (make generate). Do not edit. */',
    ':root {',
    ...names.map((n) => `  --tier-${n}: ${palette[n]};`),
    '}',
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const contractPath = fileURLToPath(new URL('../../api/openapi.yaml', import.meta.url));
  const outPath = fileURLToPath(new URL('../src/api/contract.gen.ts', import.meta.url));
  const messagesPath = fileURLToPath(new URL('../src/api/messages.gen.ts', import.meta.url));
  const palettePath = fileURLToPath(new URL('../src/styles/tierPalette.gen.css', import.meta.url));
  const doc = parseYaml(readFileSync(contractPath, 'utf8'));
  const files = [
    [outPath, 'src/api/contract.gen.ts', render(doc)],
    [messagesPath, 'src/api/messages.gen.ts', renderMessages(doc)],
    [palettePath, 'src/styles/tierPalette.gen.css', renderPalette(doc)],
  ];
  for (const [path, name, text] of files) {
    if (process.argv.includes('--check')) {
      if (readFileSync(path, 'utf8') !== text) {
        console.error(`${name} is out of date with api/openapi.yaml: run 'make generate'`);
        process.exit(1);
      }
    } else {
      writeFileSync(path, text);
    }
  }
}
