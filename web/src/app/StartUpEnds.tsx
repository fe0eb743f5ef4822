import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { endStartUp } from '../lib/later';

/**
 * Ends the app's start-up (lib/later) when the fan first acts: presses a key, touches or
 * clicks (what waits then renders before the click lands), or moves to another page, while
 * that page renders (this renders before the routes), so that it renders whole.
 */
export function StartUpEnds() {
  const { key } = useLocation();
  const first = useRef(key);
  if (key !== first.current) endStartUp();
  useEffect(() => {
    const options = { capture: true, once: true } as const;
    window.addEventListener('pointerdown', endStartUp, options);
    window.addEventListener('keydown', endStartUp, options);
    return () => {
      window.removeEventListener('pointerdown', endStartUp, options);
      window.removeEventListener('keydown', endStartUp, options);
    };
  }, []);
  return null;
}
