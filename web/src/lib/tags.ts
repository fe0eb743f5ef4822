import { USER_TAGS, type TypeTag, type UserTag } from '../api/contract';

export type { TypeTag, UserTag };
export { USER_TAGS };

/** The labels of the author's tags (spec section 3); the contract gives the tags and their order. */
export const TAG_LABELS: Record<UserTag, string> = {
  favorites: 'Favorites',
  social: 'Social',
  strategic: 'Strategic',
  challenge: 'Challenge Beasts',
  spoiler: 'Spoiler',
};

export function isUserTag(tag: string): tag is UserTag {
  return (USER_TAGS as readonly string[]).includes(tag);
}

/** The tags a reader sees: the chosen ones in their usual order, never the type tag. */
export function visibleTags(tags: readonly string[]): { id: UserTag; label: string }[] {
  return USER_TAGS.filter((t) => tags.includes(t)).map((id) => ({ id, label: TAG_LABELS[id] }));
}

/** season-ranking when any item is a season, else survivor-ranking. */
export function typeTagFor(items: readonly { isSeason: boolean }[]): TypeTag {
  return items.some((i) => i.isSeason) ? 'season-ranking' : 'survivor-ranking';
}
