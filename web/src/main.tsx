import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppRoutes, preloadLandingPage } from './app/AppRoutes';
import { createQueryClient } from './app/queryClient';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');

// The landing page's code is already downloading (preloaded by the HTML): with it in hand,
// the first render paints the page itself, not a loading fallback.
void preloadLandingPage(window.location.pathname).then(() =>
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  ),
);
