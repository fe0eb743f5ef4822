import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain Node script without type declarations.
import { fromYaml } from '../../scripts/generate-contract.mjs';
import { LIMITS, USER_TAGS } from './contract';

describe('contract constants', () => {
  it('contract.gen.ts is up to date with api/openapi.yaml', () => {
    // Tests run in web/.
    const onDisk = readFileSync(resolve('src/api/contract.gen.ts'), 'utf8');
    const contract = readFileSync(resolve('../api/openapi.yaml'), 'utf8');
    expect(onDisk).toBe((fromYaml as (yaml: string) => string)(contract));
  });

  it('carries the tags and limits of the spec', () => {
    expect(USER_TAGS).toEqual(['favorites', 'social', 'strategic', 'challenge', 'spoiler']);
    expect(LIMITS).toEqual({ listName: 50, listDescription: 200, commentText: 500, username: 30, itemNote: 280, email: 254 });
  });
});
