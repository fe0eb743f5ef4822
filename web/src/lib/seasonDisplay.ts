import type { components } from '../api/schema.gen';

export type Franchise = components['schemas']['Franchise'];

/** Each franchise by name, in the order the seasons panel offers them: the US first. */
export const FRANCHISES: readonly { id: Franchise; name: string }[] = [
  { id: 'US', name: 'US' },
  { id: 'AU', name: 'Australia' },
  { id: 'SA', name: 'South Africa' },
  { id: 'NZ', name: 'New Zealand' },
  { id: 'UK', name: 'UK' },
];

/** 'Survivor: Borneo' → 'Borneo', 'Survivor 45' → '45', 'Survivor Australia: Brains vs. Brawn' → 'Australia: Brains vs. Brawn'. Other names are left as they are. */
export function stripSurvivorPrefix(name: string): string {
  if (name.startsWith('Survivor: ')) return name.slice('Survivor: '.length);
  if (name.startsWith('Survivor ')) return name.slice('Survivor '.length);
  return name;
}

/**
 * A season's name beside its number label, which names the franchise already:
 * 'Survivor Australia: Brains vs. Brawn' → 'Brains vs. Brawn'; otherwise as stripSurvivorPrefix.
 */
export function shortSeasonName(name: string): string {
  return stripSurvivorPrefix(name.replace(/^Survivor (Australia|South Africa|NZ|UK): /, ''));
}

/**
 * 'Season 20' for a US season; another franchise's number would be ambiguous alone, so it
 * carries the franchise its id starts with: 'AU 3' (au3), 'SA 9' (sa9).
 */
export function seasonNumberLabel(season: { id: string; number: number }): string {
  const prefix = season.id.replace(/\d+$/, '');
  return prefix === 's' || prefix === '' ? `Season ${season.number}` : `${prefix.toUpperCase()} ${season.number}`;
}

export const PLACEHOLDER_IMAGE = '/images/placeholder.jpg';
