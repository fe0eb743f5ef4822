/**
 * An item the panel can hand to a list being built (create mode, later): the shape a client
 * sends to the API as a list item, `{id, isSeason}` plus display fields.
 */
export interface PanelItem {
  id: string;
  name: string;
  imageUrl: string;
  isSeason: boolean;
  seasonId: string;
  seasonName: string;
}

