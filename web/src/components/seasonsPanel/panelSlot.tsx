import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { SeasonsPanel } from './SeasonsPanel';
import styles from './SeasonsPanel.module.css';

/**
 * The layout's place for the seasons panel. A page that needs the panel in create mode (the
 * creator, whose drag and drop context must reach the panel's contestants) claims the slot with
 * <PanelPortal>: the layout's own browsing panel steps aside and the page's panel is portalled
 * into the same spot, keeping the page's React context (dnd-kit) around it.
 */
interface SlotState {
  node: HTMLElement | null;
  claims: number;
  claim: () => () => void;
  setNode: (node: HTMLElement | null) => void;
}

const PanelSlotContext = createContext<SlotState | null>(null);

export function PanelSlotProvider({ children }: { children: ReactNode }) {
  const [node, setNode] = useState<HTMLElement | null>(null);
  const [claims, setClaims] = useState(0);
  const claim = useCallback(() => {
    setClaims((c) => c + 1);
    return () => setClaims((c) => c - 1);
  }, []);
  const value = useMemo<SlotState>(() => ({ node, claims, setNode, claim }), [node, claims, claim]);
  return <PanelSlotContext.Provider value={value}>{children}</PanelSlotContext.Provider>;
}

/** Rendered by the layout where the panel goes: the browsing panel unless a page claimed the slot. */
export function PanelSlot() {
  const ctx = useContext(PanelSlotContext);
  return (
    <div ref={ctx?.setNode} className={styles.slot} data-panel-slot="">
      {(!ctx || ctx.claims === 0) && <SeasonsPanel />}
    </div>
  );
}

/** Renders its children (a create-mode SeasonsPanel) in the layout's panel slot. */
export function PanelPortal({ children }: { children: ReactNode }) {
  const ctx = useContext(PanelSlotContext);
  const claim = ctx?.claim;
  // A layout effect: the claim re-renders the slot before the browser (or a script) sees the
  // page, so the browsing panel and the page's panel are never both in it.
  useLayoutEffect(() => claim?.(), [claim]);
  if (!ctx) return <>{children}</>;
  if (!ctx.node) return null;
  return createPortal(children, ctx.node);
}
