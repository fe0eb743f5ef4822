import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Every sentence the app shows or reads out comes from the one catalogue, api/openapi.yaml's
// x-messages (MESSAGES): written once, word for word as the spec has it, shared with the server,
// and kept out of the first paint's scripts unless a chunk uses it. A string or JSX text in the
// app's source that reads as a sentence is one that escaped it.

/** Where a value or an element goes in a template or JSX text: a word of the sentence. */
const HOLE = '{…}';

/**
 * Text that reads as a sentence: a capital (or a value, a name) first, two words or more
 * ("List saved!", "Search rankings..."), an end stop.
 */
function readsAsSentence(text: string): boolean {
  const t = text.replace(/\s+/g, ' ').trim();
  return (/^["'“‘(]*\p{Lu}/u.test(t) || t.startsWith(HOLE)) && t.split(' ').length >= 2 && /(?:[.!?…]|\.\.\.)["'”’)]*$/u.test(t);
}

/**
 * Sentences in the source that are not the product's text (a developer's console message,
 * say), by file and text, each with why. None today: add one here rather than loosen the rule.
 */
const EXEMPT: { file: string; text: string; why: string }[] = [];

/** The source's texts (string, template, JSX text runs), each with its line. */
function texts(file: string, source: string): { line: number; text: string }[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: { line: number; text: string }[] = [];
  const add = (node: ts.Node, text: string) => found.push({ line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, text });
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) add(node, node.text);
    else if (ts.isTemplateExpression(node)) add(node, node.head.text + node.templateSpans.map((s) => HOLE + s.literal.text).join(''));
    else if (ts.isJsxElement(node) || ts.isJsxFragment(node)) {
      // An element's text, {values} and inner elements read as one piece of text, over
      // however many lines the source spreads it.
      const text = node.children
        .map((child) => {
          if (ts.isJsxText(child)) return child.text;
          const e = ts.isJsxExpression(child) ? child.expression : child;
          return e === undefined ? '' : ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) ? e.text : HOLE;
        })
        .join('');
      const first = node.children.find((c) => !ts.isJsxText(c) || c.text.trim() !== '');
      if (first) add(first, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** The app's own source files: not tests, test helpers or generated code. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return path === resolve('src/test') ? [] : sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\./.test(e.name) && !/\.gen\.ts$/.test(e.name) ? [path] : [];
  });
}

describe('the message catalogue', () => {
  it('tells a sentence from other text', () => {
    expect(readsAsSentence('Failed to save your list. Please try again.')).toBe(true);
    expect(readsAsSentence('Search rankings...')).toBe(true);
    expect(readsAsSentence('{…} is restored.')).toBe(true);
    expect(readsAsSentence('Loading the list…')).toBe(true);
    expect(readsAsSentence('Are you sure you want to delete “Top 10”?')).toBe(true);
    expect(readsAsSentence('“Rank by choosing” asks which you prefer.')).toBe(true);
    expect(readsAsSentence('Ranked {…} of {…}.')).toBe(true);
    expect(readsAsSentence('Save list')).toBe(false);
    expect(readsAsSentence('e.g. my top ten.')).toBe(false);
    expect(readsAsSentence('Loading…')).toBe(false);
    expect(readsAsSentence('{…} of {…}')).toBe(false);
  });

  it('finds sentences in strings, templates and JSX text over lines and around values and elements', () => {
    const source = [
      "const a = 'Failed to save. Try again.';",
      'const b = `${n} of ${m} castaways ranked.`;',
      'const c = <p>',
      '  You have {count}',
      "  lists{' '}",
      '  <strong>here</strong>.',
      '</p>;',
    ].join('\n');
    expect(texts('x.tsx', source).filter((t) => readsAsSentence(t.text))).toEqual([
      { line: 1, text: 'Failed to save. Try again.' },
      { line: 2, text: '{…} of {…} castaways ranked.' },
      { line: 4, text: '\n  You have {…}\n  lists \n  {…}.\n' },
    ]);
  });

  it('holds every sentence of the app: none is written in its source', () => {
    const root = resolve('src');
    const strays = sourceFiles(root).flatMap((path) => {
      const file = relative(resolve('.'), path);
      return texts(file, readFileSync(path, 'utf8'))
        .filter(({ text }) => readsAsSentence(text) && !EXEMPT.some((x) => x.file === file && x.text === text))
        .map(({ line, text }) => `${file}:${line}: ${JSON.stringify(text.replace(/\s+/g, ' ').trim())}`);
    });
    expect(strays, 'sentences written in the source, not in api/openapi.yaml x-messages').toEqual([]);
  });
});
