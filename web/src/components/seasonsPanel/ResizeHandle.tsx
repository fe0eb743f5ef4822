import { useRef, type KeyboardEvent, type PointerEvent, type TouchEvent } from 'react';
import { MIN_PANEL_HEIGHT } from './usePanelState';
import styles from './SeasonsPanel.module.css';

interface Props {
  height: number;
  /** The tallest the panel may be (from usePanelHeight). */
  max: number;
  onResize: (height: number) => void;
  controls: string;
}

const KEY_STEP = 24;

/** A drag handle (pointer, touch, keyboard arrows) that sets the phone panel's height. */
export function ResizeHandle({ height, max, onResize, controls }: Props) {
  const drag = useRef<{ startY: number; startHeight: number } | null>(null);

  function begin(y: number) {
    drag.current = { startY: y, startHeight: height };
  }
  function move(y: number) {
    if (!drag.current) return;
    onResize(drag.current.startHeight + (y - drag.current.startY));
  }
  function end() {
    drag.current = null;
  }

  function onPointerDown(e: PointerEvent<HTMLDivElement>) {
    e.currentTarget.setPointerCapture(e.pointerId);
    begin(e.clientY);
  }
  function onPointerMove(e: PointerEvent<HTMLDivElement>) {
    move(e.clientY);
  }
  // Old mobile browsers without pointer events.
  const hasPointer = typeof window !== 'undefined' && 'PointerEvent' in window;
  function onTouchStart(e: TouchEvent<HTMLDivElement>) {
    const t = e.touches[0];
    if (!hasPointer && t) begin(t.clientY);
  }
  function onTouchMove(e: TouchEvent<HTMLDivElement>) {
    const t = e.touches[0];
    if (!hasPointer && t) move(t.clientY);
  }
  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const next =
      e.key === 'ArrowDown' ? height + KEY_STEP
      : e.key === 'ArrowUp' ? height - KEY_STEP
      : e.key === 'Home' ? MIN_PANEL_HEIGHT
      : e.key === 'End' ? max
      : null;
    if (next === null) return;
    e.preventDefault();
    onResize(next);
  }

  return (
    // A focusable separator is ARIA's window splitter, a widget jsx-a11y takes for static.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      role="separator"
      aria-orientation="horizontal"
      aria-label="Resize seasons panel"
      aria-controls={controls}
      aria-valuenow={height}
      aria-valuemin={MIN_PANEL_HEIGHT}
      aria-valuemax={max}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- as above
      tabIndex={0}
      className={styles.resizeHandle}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={end}
      onPointerCancel={end}
      onTouchStart={onTouchStart}
      onTouchMove={onTouchMove}
      onTouchEnd={end}
      onKeyDown={onKeyDown}
    >
      <span className={styles.grip} aria-hidden="true" />
    </div>
  );
}
