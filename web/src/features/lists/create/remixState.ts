import type { RankedList } from '../api';
import { NAME_MAX } from '../api';
import { EMPTY_CREATOR, cleanTags, type CreatorState } from './creatorState';
import { listShape } from './listShape';

/** Navigation state that opens the creator on a remix of a list. */
export interface RemixState {
  remix: CreatorState;
}

/** The creator's start for a remix of `list`: its items, notes and tags, named 'Remix of {name}'. */
export function remixStateFor(list: RankedList): RemixState {
  return {
    remix: {
      ...EMPTY_CREATOR,
      name: `Remix of ${list.name}`.slice(0, NAME_MAX),
      description: '',
      tags: cleanTags(list.tags),
      ...listShape(list),
      isPublic: true,
      remixOf: { userId: list.userId, listId: list.id, name: list.name, userName: list.userName },
    },
  };
}

export function remixFrom(state: unknown): CreatorState | null {
  if (typeof state !== 'object' || state === null || !('remix' in state)) return null;
  const remix = (state as { remix: unknown }).remix;
  if (typeof remix !== 'object' || remix === null || !Array.isArray((remix as CreatorState).items)) return null;
  // A remix state from before tier lists has no format or board.
  return { ...EMPTY_CREATOR, ...(remix as CreatorState) };
}
