import type { ComponentType, ReactNode } from 'react';
import type { PanelItem } from './panelItem';

/**
 * The lists feature's ordering tools (its ranking board, 'Rank by choosing' and tiers), as
 * another feature gets them from the app (a prediction of a season's order).
 */
export interface OrderToolsProps {
  /** What is ordered: every entry, each once (a season's cast). */
  entries: readonly PanelItem[];
  /** Their order, ids, the first first. */
  order: readonly string[];
  onOrder: (order: string[]) => void;
  /** Whether order is the fan's own (kept before) rather than the entries as given. */
  ordered: boolean;
  /** The ordered list's name, as read out. */
  label: string;
  /** What 'Rank by choosing' asks of each pair. */
  question?: string;
  /** What follows the tools, but not the questions of a sorting (the Save button). */
  children?: ReactNode;
}

/** The tools as the app hands them in: a part loaded in its own chunk on first use. */
export type OrderToolsPart = ComponentType<OrderToolsProps>;
