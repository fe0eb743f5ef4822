/** Where a signed-out visitor was heading, carried to /login in navigation state. */
export interface LoginRedirectState {
  from: string;
  /** That page's own navigation state (the creator's list being edited), given back with it. */
  state?: unknown;
}

/** Where /login sends a visitor once signed in: the page they were heading to, if it is one of ours. */
export function redirectTarget(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'from' in state) {
    const from = (state as { from: unknown }).from;
    if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== '/login') return from;
  }
  return '/';
}

/** The navigation state to arrive at redirectTarget with. */
export function redirectState(state: unknown): unknown {
  if (redirectTarget(state) === '/') return undefined;
  return (state as LoginRedirectState).state;
}
