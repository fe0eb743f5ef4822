import { useEffect, useRef } from 'react';
import { apiBase } from './client';

/** The first wait before reopening a stream the browser gave up on; it doubles up to the most. */
export const REOPEN_FIRST_MS = 2_000;
export const REOPEN_MOST_MS = 60_000;

/**
 * Calls onData with the data of each `event` of the server-sent stream at path while mounted.
 * The browser reconnects by itself after a dropped connection, but gives up for good when the
 * server answers with an error (503 while the database is away, 429 past a limit): then the
 * stream is reopened after a wait that doubles up to a minute. The first event of every
 * connection carries the whole state, so nothing missed in between stays missing.
 */
export function useLiveStream(path: string, event: string, onData: (data: string) => void) {
  const handler = useRef(onData);
  useEffect(() => {
    handler.current = onData;
  });
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let wait = REOPEN_FIRST_MS;
    const onMessage = (e: MessageEvent<string>) => handler.current(e.data);
    const open = () => {
      const s = new EventSource(`${apiBase}${path}`);
      source = s;
      s.addEventListener(event, onMessage);
      s.addEventListener('open', () => {
        wait = REOPEN_FIRST_MS;
      });
      s.addEventListener('error', () => {
        if (s.readyState !== EventSource.CLOSED) return; // the browser is retrying by itself
        s.close();
        timer = setTimeout(open, wait);
        wait = Math.min(wait * 2, REOPEN_MOST_MS);
      });
    };
    open();
    return () => {
      clearTimeout(timer);
      source?.close();
    };
  }, [path, event]);
}
