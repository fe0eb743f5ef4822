import { useEffect, useRef, type RefObject } from 'react';

/** Marker on <body> while the create-mode bottom sheet is open (scroll lock, styling hooks). */
export const CREATE_PAGE_MARKER = 'createPage';

/**
 * The phone's bottom sheet while open: the body is marked, focus moves to `focusRef`,
 * Escape closes it, and on closing focus goes back to what opened it.
 */
export function useSheet(open: boolean, onClose: (() => void) | undefined, focusRef: RefObject<HTMLElement | null>) {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    document.body.dataset[CREATE_PAGE_MARKER] = 'true';
    focusRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close.current?.();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      delete document.body.dataset[CREATE_PAGE_MARKER];
      document.removeEventListener('keydown', onKey);
      if (opener?.isConnected) opener.focus();
    };
  }, [open, focusRef]);
}
