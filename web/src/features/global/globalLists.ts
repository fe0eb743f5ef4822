export interface GlobalListInfo {
  id: string;
  title: string;
  description: string;
}

/** The only global list defined (spec: season-48). */
export const GLOBAL_LISTS: readonly GlobalListInfo[] = [
  {
    id: 'season-48',
    title: 'Survivor 48: Global Top 10',
    description: 'Vote for your top 10 castaways of Survivor 48 and see how the whole tribe ranks them.',
  },
];

export function findGlobalList(id: string | undefined): GlobalListInfo | undefined {
  return GLOBAL_LISTS.find((l) => l.id === id);
}
