import type { PanelItem } from '../../../lib/panelItem';

/** A ranked entry in the creator: a panel item with the author's note on it, if any. */
export interface RankedItem extends PanelItem {
  note?: string;
}
