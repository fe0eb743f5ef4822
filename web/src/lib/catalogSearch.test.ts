import { describe, expect, it } from 'vitest';
import { catalogFixture } from '../test/utils';
import { searchCatalog } from './catalogSearch';
import { seasonNumberLabel, shortSeasonName, stripSurvivorPrefix } from './seasonDisplay';

describe('stripSurvivorPrefix', () => {
  it.each([
    ['Survivor: Borneo', 'Borneo'],
    ['Survivor 45', '45'],
    ['Survivor: Heroes vs. Villains', 'Heroes vs. Villains'],
    ['Borneo', 'Borneo'],
    ['Survivor Australia: Brains vs. Brawn', 'Australia: Brains vs. Brawn'],
    ['Survivor: Australia vs. The World', 'Australia vs. The World'],
    ['Survivor NZ: Nicaragua', 'NZ: Nicaragua'],
  ])('%s → %s', (name, shown) => {
    expect(stripSurvivorPrefix(name)).toBe(shown);
  });
});

describe('shortSeasonName', () => {
  it.each([
    ['Survivor: Borneo', 'Borneo'],
    ['Survivor 45', '45'],
    ['Survivor Australia: Brains vs. Brawn', 'Brains vs. Brawn'],
    ['Survivor South Africa: Island of Secrets', 'Island of Secrets'],
    ['Survivor NZ: Nicaragua', 'Nicaragua'],
    ['Survivor UK: 2023', '2023'],
    ['Survivor: Australia vs. The World', 'Australia vs. The World'],
    ['Survivor: The Australian Outback', 'The Australian Outback'],
  ])('%s → %s', (name, shown) => {
    expect(shortSeasonName(name)).toBe(shown);
  });
});

describe('seasonNumberLabel', () => {
  it('is a bare number in the US and carries the franchise elsewhere', () => {
    expect(seasonNumberLabel({ id: 's20', number: 20 })).toBe('Season 20');
    expect(seasonNumberLabel({ id: 'au3', number: 3 })).toBe('AU 3');
    expect(seasonNumberLabel({ id: 'sa9', number: 9 })).toBe('SA 9');
  });
});

describe('searchCatalog', () => {
  const seasons = catalogFixture.seasons;

  it('matches a season by name, case-insensitively', () => {
    expect(searchCatalog(seasons, 'cook').seasons.map((s) => s.id)).toEqual(['s13']);
  });

  it('matches a season by number, in every franchise, or by its id or label in one', () => {
    expect(searchCatalog(seasons, '45').seasons.map((s) => s.id)).toEqual(['s45']);
    expect(searchCatalog(seasons, 'season 16').seasons.map((s) => s.id)).toEqual(['s16']);
    expect(searchCatalog(seasons, '3').seasons.map((s) => s.id)).toEqual(['au3']);
    expect(searchCatalog(seasons, 'au3').seasons.map((s) => s.id)).toEqual(['au3']);
    expect(searchCatalog(seasons, 'AU 3').seasons.map((s) => s.id)).toEqual(['au3']);
    expect(searchCatalog(seasons, 'australia').seasons.map((s) => s.id)).toEqual(['au3']);
  });

  it('lists each contestant once, by lower-case name, sorted by season number, the US seasons first', () => {
    const hits = searchCatalog(seasons, 'parvati').contestants;
    expect(hits).toHaveLength(1);
    expect(hits[0]?.season.id).toBe('s13');
    const all = searchCatalog(seasons, 'a').contestants.map((h) => h.season.id);
    expect(all).toEqual(['s1', 's13', 's16', 's20', 's45', 'au3', 'au3', 'au3']);
  });

  it('finds nothing for a blank query', () => {
    expect(searchCatalog(seasons, '   ')).toEqual({ seasons: [], contestants: [] });
  });
});
