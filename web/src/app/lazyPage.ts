import { lazy, type ComponentType } from 'react';

/** A page's module; P is what its route hands it (parts of other features). */
type PageModule<P> = { default: ComponentType<P> };

/** A page loaded with React.lazy, with preload() to load it ahead of its first render. */
export type LazyPage<P = object> = ReturnType<typeof lazy<ComponentType<P>>> & { preload: () => Promise<unknown> };

/**
 * A route's page in its own chunk, like React.lazy, except that once preload() has loaded it,
 * it renders at once instead of suspending for a turn: React.lazy only learns a module is
 * there from a promise, which always settles a microtask later, so even a page whose code is
 * ready would paint the Suspense fallback first. Here the loaded module is handed over by a
 * thenable that answers synchronously, which React.lazy accepts as resolved.
 */
export function lazyPage<P>(load: () => Promise<PageModule<P>>): LazyPage<P> {
  let loaded: PageModule<P> | undefined;
  const preload = () =>
    load().then((m) => {
      loaded = m;
      return m;
    });
  const ready = (): Promise<PageModule<P>> =>
    loaded ? ({ then: (resolve: (m: PageModule<P>) => void) => resolve(loaded!) } as unknown as Promise<PageModule<P>>) : preload();
  return Object.assign(lazy(ready), { preload });
}
