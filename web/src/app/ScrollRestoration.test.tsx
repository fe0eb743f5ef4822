import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import { ScrollRestoration } from './ScrollRestoration';

let navigate: NavigateFunction;
function Navigator() {
  navigate = useNavigate();
  return null;
}

/** The fan scrolls the window to y. */
function scrollWindow(y: number) {
  window.scrollY = y;
  window.dispatchEvent(new Event('scroll'));
}

let scrollTo: ReturnType<typeof vi.fn>;

beforeEach(() => {
  scrollTo = vi.fn((_x: number, y: number) => scrollWindow(y));
  vi.stubGlobal('scrollTo', scrollTo);
  window.scrollY = 0;
  sessionStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Navigates inside act, as a link or Back does. */
async function go(to: () => void | Promise<void>) {
  await act(async () => {
    await to();
  });
}

function renderAt(path: string | { pathname: string; key: string }) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ScrollRestoration />
      <Navigator />
    </MemoryRouter>,
  );
}

describe('ScrollRestoration', () => {
  it('leaves a page opened afresh where the browser put it', () => {
    renderAt('/list/u1/l1');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('opens a new page at its top and puts Back and Forward where the fan was', async () => {
    renderAt('/list/u1/l1');
    scrollWindow(1214);
    await go(() => navigate('/castaways/parvati-shallow'));
    expect(window.scrollY).toBe(0);
    scrollWindow(300);

    await go(() => navigate(-1));
    expect(window.scrollY).toBe(1214);
    await go(() => navigate(1));
    expect(window.scrollY).toBe(300);
  });

  it('keeps the place when only the query changes (filters, pages)', async () => {
    renderAt('/rankings');
    scrollWindow(640);
    await go(() => navigate('/rankings?type=season-ranking'));
    expect(scrollTo).not.toHaveBeenCalled();
    expect(window.scrollY).toBe(640);
  });

  it('puts a reloaded page where the fan was on it', async () => {
    const entry = { pathname: '/list/u1/l1', key: 'k1' };
    const first = renderAt(entry);
    scrollWindow(880);
    window.dispatchEvent(new Event('pagehide'));
    first.unmount();

    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type: 'reload' } as PerformanceNavigationTiming]);
    renderAt(entry);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 880);
  });
});
