import { describe, expect, it } from 'vitest';
import { catalogFixture } from '../test/utils';
import { searchCatalog } from './catalogSearch';
import { stripSurvivorPrefix } from './seasonDisplay';

describe('stripSurvivorPrefix', () => {
  it.each([
    ['Survivor: Borneo', 'Borneo'],
    ['Survivor 45', '45'],
    ['Survivor: Heroes vs. Villains', 'Heroes vs. Villains'],
    ['Borneo', 'Borneo'],
  ])('%s → %s', (name, shown) => {
    expect(stripSurvivorPrefix(name)).toBe(shown);
  });
});

describe('searchCatalog', () => {
  const seasons = catalogFixture.seasons;

  it('matches a season by name, case-insensitively', () => {
    expect(searchCatalog(seasons, 'cook').seasons.map((s) => s.id)).toEqual(['s13']);
  });

  it('matches a season by number', () => {
    expect(searchCatalog(seasons, '45').seasons.map((s) => s.id)).toEqual(['s45']);
    expect(searchCatalog(seasons, 'season 16').seasons.map((s) => s.id)).toEqual(['s16']);
  });

  it('lists each contestant once, by lower-case name, sorted by season number', () => {
    const hits = searchCatalog(seasons, 'parvati').contestants;
    expect(hits).toHaveLength(1);
    expect(hits[0]?.season.id).toBe('s13');
    const all = searchCatalog(seasons, 'a').contestants.map((h) => h.season.number);
    expect(all).toEqual([...all].sort((x, y) => x - y));
  });

  it('finds nothing for a blank query', () => {
    expect(searchCatalog(seasons, '   ')).toEqual({ seasons: [], contestants: [] });
  });
});
