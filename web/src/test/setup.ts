import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

// findBy and waitFor wait for a condition; on a busy machine (the whole suite, journeys
// alongside) a save-then-navigate can take over the default second.
configure({ asyncUtilTimeout: 5000 });

// The app asks GET /api/me only when the server's signed-in hint cookie is present; each
// test's mocked server decides who is signed in, so every test starts with the hint.
beforeEach(() => {
  document.cookie = 'castaway_signed_in=1; Path=/';
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
