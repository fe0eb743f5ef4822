/** Navigation state that opens the creator on an existing list. */
export interface EditState {
  editingListId: string;
}

export function editingIdFrom(state: unknown): string | null {
  if (typeof state === 'object' && state !== null && 'editingListId' in state) {
    const id = (state as { editingListId: unknown }).editingListId;
    if (typeof id === 'string' && id !== '') return id;
  }
  return null;
}
