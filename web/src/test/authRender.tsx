import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../app/queryClient';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Header } from '../app/Header';
import { RedirectIfSignedIn, RequireAuth } from '../app/guards';
import { LocationProbe } from './utils';
import AccountPage from '../features/auth/AccountPage';
import LoginPage from '../features/auth/LoginPage';
import { UsernameEditor } from '../features/auth/UsernameEditor';
import { SessionEnded } from '../features/auth/SessionEnded';
import { accountParts } from '../app/parts';

/**
 * The auth screens inside the real header and guards, with stand-ins for the pages that other
 * features own, so these tests depend only on the accounts front end.
 */
export function renderAuthApp(route: string | { pathname: string; search?: string; state?: unknown } = '/login') {
  const client = createQueryClient({ queries: { retry: false, gcTime: Infinity } });
  const utils = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <Header />
        <main id="main" tabIndex={-1}>
          <SessionEnded />
          <Routes>
            <Route index element={<h1>Home page</h1>} />
            <Route
              path="login"
              element={
                <RedirectIfSignedIn>
                  <LoginPage />
                </RedirectIfSignedIn>
              }
            />
            <Route
              path="account"
              element={
                <RequireAuth>
                  <AccountPage {...accountParts} />
                </RequireAuth>
              }
            />
            <Route
              path="mylists"
              element={
                <RequireAuth>
                  <h1>My Lists page</h1>
                  <UsernameEditor />
                </RequireAuth>
              }
            />
            <Route
              path="create"
              element={
                <RequireAuth>
                  <h1>Create page</h1>
                </RequireAuth>
              }
            />
          </Routes>
        </main>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...utils, client };
}
