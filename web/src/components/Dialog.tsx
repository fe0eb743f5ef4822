import { useLayoutEffect, useRef, type MouseEvent, type ReactNode, type RefObject, type SyntheticEvent } from 'react';
import styles from './Dialog.module.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface Props {
  /** The id of the element that names the dialog (its heading). */
  labelledBy: string;
  onClose: () => void;
  /** What takes focus on opening; the first focusable element when not given. */
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/**
 * A modal dialog: the browser's own <dialog>, opened with showModal(), so the page behind it
 * is inert and focus cannot leave it. Focus moves in on opening, Escape (the dialog's cancel)
 * or a press on the backdrop asks the caller to close it, and focus goes back to where it was
 * when it closes.
 */
export function Dialog({ labelledBy, onClose, initialFocus, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);

  // Before the first paint, so the dialog is never seen closed.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    (initialFocus?.current ?? dialog.querySelector<HTMLElement>(FOCUSABLE) ?? dialog).focus();
    // The caller closes it by unmounting. This runs while the dialog is still in the page,
    // which is inert until close(); then focus can go back.
    return () => {
      dialog.close();
      opener?.focus();
    };
  }, [initialFocus]);

  function onCancel(e: SyntheticEvent<HTMLDialogElement>) {
    // The caller decides: it unmounts the dialog, or keeps it (a form still sending).
    e.preventDefault();
    onClose();
  }

  // A press on the backdrop lands on the <dialog> itself; its content fills the box.
  function onBackdrop(e: MouseEvent<HTMLDialogElement>) {
    if (e.target === e.currentTarget) onClose();
  }

  return (
    // The <dialog> takes Escape itself (its cancel event); the click is the backdrop's.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog ref={ref} className={styles.dialog} aria-labelledby={labelledBy} onCancel={onCancel} onClick={onBackdrop}>
      <div className={styles.content}>{children}</div>
    </dialog>
  );
}
