import type { DraggableAttributes } from '@dnd-kit/core';

/** The grip a sortable row is dragged by: dnd-kit's activator (its ref and attributes), named by label for what it moves where. */
export function DragHandle({ activatorRef, attributes, className, label }: { activatorRef: (element: HTMLElement | null) => void; attributes: DraggableAttributes; className?: string; label: string }) {
  return (
    <button ref={activatorRef} type="button" className={className} {...attributes} aria-roledescription="sortable" aria-label={label}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path d="M9 5h.01M15 5h.01M9 12h.01M15 12h.01M9 19h.01M15 19h.01" stroke="currentColor" strokeWidth="3.2" strokeLinecap="round" />
      </svg>
    </button>
  );
}
