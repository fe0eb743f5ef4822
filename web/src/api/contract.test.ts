import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain Node script without type declarations.
import { fromYaml, renderMessages, renderPalette } from '../../scripts/generate-contract.mjs';
import { parseYaml } from '@redocly/openapi-core';
import { formatMessage, LIMITS, MESSAGES, USER_TAGS } from './contract';

describe('contract constants', () => {
  it('contract.gen.ts is up to date with api/openapi.yaml', () => {
    // Tests run in web/.
    const onDisk = readFileSync(resolve('src/api/contract.gen.ts'), 'utf8');
    const contract = readFileSync(resolve('../api/openapi.yaml'), 'utf8');
    expect(onDisk).toBe((fromYaml as (yaml: string) => string)(contract));
  });

  it('messages.gen.ts is the contract\'s x-messages, one constant a sentence', () => {
    const onDisk = readFileSync(resolve('src/api/messages.gen.ts'), 'utf8');
    const doc = parseYaml(readFileSync(resolve('../api/openapi.yaml'), 'utf8')) as { 'x-messages': Record<string, string> };
    expect(onDisk).toBe((renderMessages as (doc: unknown) => string)(doc));
    expect(Object.keys(MESSAGES).sort()).toEqual(Object.keys(doc['x-messages']).sort());
  });

  it('tierPalette.gen.css is the contract\'s tier palette, one --tier-<color> for each TierColor', () => {
    const onDisk = readFileSync(resolve('src/styles/tierPalette.gen.css'), 'utf8');
    const doc = parseYaml(readFileSync(resolve('../api/openapi.yaml'), 'utf8')) as { components: { schemas: { TierColor: { enum: string[] } } } };
    expect(onDisk).toBe((renderPalette as (doc: unknown) => string)(doc));
    const names = [...onDisk.matchAll(/--tier-([a-z]+): #[0-9a-f]{6};/g)].map((m) => m[1]);
    expect(names).toEqual(doc.components.schemas.TierColor.enum);
  });

  it('carries the tags and limits of the spec', () => {
    expect(USER_TAGS).toEqual(['favorites', 'social', 'strategic', 'challenge', 'spoiler']);
    expect(LIMITS).toEqual({ listName: 50, listDescription: 200, commentText: 500, username: 30, itemNote: 280, email: 254 });
  });

  it('carries the server\'s sentences word for word, and fills their placeholders', () => {
    expect(MESSAGES.listSaveFailed).toBe('Failed to save your list. Please try again.');
    expect(MESSAGES.shareFailed).toBe("Sorry, couldn't generate the shareable image.");
    expect(formatMessage(MESSAGES.accountSuspendedUntil, { date: '3 December 2026' })).toBe('Your account is suspended until 3 December 2026.');
    expect(formatMessage('{a} and {b}, {a}', { a: 1, b: '{a}' })).toBe('1 and {a}, 1');
    // @ts-expect-error: a message's placeholders must all be given.
    expect(formatMessage(MESSAGES.accountSuspendedUntil, {})).toBe('Your account is suspended until {date}.');
  });
});
