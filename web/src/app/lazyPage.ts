import { lazy, type ComponentType } from 'react';

type PageModule = { default: ComponentType };

/** A page loaded with React.lazy, with preload() to load it ahead of its first render. */
export type LazyPage = ReturnType<typeof lazy<ComponentType>> & { preload: () => Promise<unknown> };

/**
 * A route's page in its own chunk, like React.lazy, except that once preload() has loaded it,
 * it renders at once instead of suspending for a turn: React.lazy only learns a module is
 * there from a promise, which always settles a microtask later, so even a page whose code is
 * ready would paint the Suspense fallback first. Here the loaded module is handed over by a
 * thenable that answers synchronously, which React.lazy accepts as resolved.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loaded: PageModule | undefined;
  const preload = () =>
    load().then((m) => {
      loaded = m;
      return m;
    });
  const ready = (): Promise<PageModule> =>
    loaded ? ({ then: (resolve: (m: PageModule) => void) => resolve(loaded!) } as unknown as Promise<PageModule>) : preload();
  return Object.assign(lazy(ready), { preload });
}
