import type { ListItem } from './api';

/** Where a list's entry leads, in a ranked list and a tier chart alike: a castaway's page, or a season's community ranking. */
export function entryPath(item: Pick<ListItem, 'id' | 'isSeason'>): string {
  return `/${item.isSeason ? 'seasons' : 'castaways'}/${encodeURIComponent(item.id)}`;
}
