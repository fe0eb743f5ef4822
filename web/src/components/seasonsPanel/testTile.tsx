import type { AddableTileProps } from './tiles';

/** A plain button tile for tests of create mode without drag and drop. */
export function ButtonTile({ label, className, onAdd, children }: AddableTileProps) {
  return (
    <button type="button" className={className} onClick={onAdd} aria-label={label}>
      {children}
    </button>
  );
}
