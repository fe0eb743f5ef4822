import type { CatalogContestant, Season } from '../api/client';
import { FRANCHISES, seasonNumberLabel } from './seasonDisplay';

export interface ContestantHit {
  contestant: CatalogContestant;
  season: Season;
}

export interface SearchResults {
  seasons: Season[];
  contestants: ContestantHit[];
}

function normalise(text: string): string {
  return text.trim().toLowerCase();
}

function seasonMatches(season: Season, q: string): boolean {
  if (season.name.toLowerCase().includes(q)) return true;
  // 'au3', 'au 3': one franchise's season
  if (q === season.id || q === seasonNumberLabel(season).toLowerCase()) return true;
  const n = String(season.number);
  // '45', 'season 45', 's45', '#45': that number in every franchise
  const numeric = q.replace(/^(season\s*|s|#)/, '');
  return numeric === n;
}

/** The US seasons first, then each other franchise's, each by number. */
function byFranchiseAndNumber(a: Season, b: Season): number {
  const f = (s: Season) => FRANCHISES.findIndex((x) => x.id === s.franchise);
  return f(a) - f(b) || a.number - b.number;
}

/**
 * Searches the catalog: seasons whose name or number matches, and contestants whose name
 * contains the query, each person once (unique by lower-case name, first appearance wins),
 * sorted by season number: the US seasons', then each other franchise's.
 */
export function searchCatalog(seasons: readonly Season[], query: string): SearchResults {
  const q = normalise(query);
  if (q === '') return { seasons: [], contestants: [] };
  const bySeason = [...seasons].sort(byFranchiseAndNumber);
  const matchedSeasons = bySeason.filter((s) => seasonMatches(s, q));
  const seen = new Set<string>();
  const contestants: ContestantHit[] = [];
  for (const season of bySeason) {
    for (const contestant of season.contestants) {
      const key = contestant.name.toLowerCase();
      if (seen.has(key) || !key.includes(q)) continue;
      seen.add(key);
      contestants.push({ contestant, season });
    }
  }
  return { seasons: matchedSeasons, contestants };
}
