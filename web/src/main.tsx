import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppRoutes, preloadLandingPage } from './app/AppRoutes';
import { createQueryClient } from './app/queryClient';
import { ScrollRestoration } from './app/ScrollRestoration';
import { StartUpEnds } from './app/StartUpEnds';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');

// The landing page's code is already downloading (preloaded by the HTML): with it in hand,
// the first render paints the page itself, not a loading fallback. It renders what the first
// screen shows; the rest comes a slice at a time after it (lib/later), so that no task holds
// the main thread for the whole app at once (the boot header stays on screen meanwhile).
// It also waits for one frame to be painted first: the HTML's own first paint (the header
// bar, and a list's title where the server put it in) then reaches the screen even when the
// code is already cached, and is what a fan sees while the rest comes.
// A tab opened in the background paints no frames: it renders at once. A slow or busy phone
// may take a while to paint its first frame; the app waits for it (a second at most) rather
// than painting over it unseen.
const painted = new Promise<void>((resolve) => {
  if (document.visibilityState === 'hidden') return resolve();
  requestAnimationFrame(() => setTimeout(resolve, 0));
  setTimeout(resolve, 1000);
});
// The render is a task of its own, not the end of the one that ran the page's code.
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
void Promise.all([preloadLandingPage(window.location.pathname), painted]).then(nextTask).then(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={createQueryClient()}>
          <BrowserRouter>
            <StartUpEnds />
            <ScrollRestoration />
            <AppRoutes />
          </BrowserRouter>
        </QueryClientProvider>
      </StrictMode>,
    ),
  ),
);
