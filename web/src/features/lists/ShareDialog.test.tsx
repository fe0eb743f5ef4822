import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/utils';
import ListDetailPage from './ListDetailPage';
import { DEFAULT_SHARE_FILE, SAVE_HINT, SHARE_GENERATE_ERROR, SHARE_LOAD_ERROR, shareFileName } from './ShareDialog';
import { mockListsServer, rankedList } from '../../test/listsServer';
import { listDetailParts } from '../../app/parts';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const SHARE_PATH = '/api/lists/u1/list_1/share.png';

type ShareReply = () => Promise<Response> | Response;

/** The lists server, plus share.png answered by reply; returns the fetch calls' paths. */
function serve(reply: ShareReply, listName = 'Queens of the Game') {
  const { fetchMock } = mockListsServer({ routes: { 'GET /api/lists/u1/list_1': { status: 200, body: rankedList({ name: listName }) } } });
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      paths.push(url.pathname);
      if (url.pathname === SHARE_PATH) return reply();
      return fetchMock(input, init);
    }),
  );
  return paths;
}

function png(): Response {
  return new Response(PNG, { status: 200, headers: { 'Content-Type': 'image/png' } });
}

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/list/:userId/:listId" element={<ListDetailPage {...listDetailParts} />} />
    </Routes>,
    { route: '/list/u1/list_1' },
  );
}

function setMobile(mobile: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: mobile && query.includes('max-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

let created: string[];
let revoked: string[];

beforeEach(() => {
  created = [];
  revoked = [];
  let n = 0;
  URL.createObjectURL = vi.fn(() => {
    const url = `blob:share-${++n}`;
    created.push(url);
    return url;
  });
  URL.revokeObjectURL = vi.fn((url: string) => {
    revoked.push(url);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('shareFileName', () => {
  it.each([
    ['Queens of the Game', 'Queens_of_the_Game_ranking.png'],
    ["Parvati's   Picks!!", 'Parvati_s_Picks_ranking.png'],
    ['  Top 10: New Era  ', 'Top_10_New_Era_ranking.png'],
    ['Émile & Zoë', 'mile_Zo_ranking.png'],
    ['!!!', DEFAULT_SHARE_FILE],
    ['', DEFAULT_SHARE_FILE],
    ['🔥🔥', DEFAULT_SHARE_FILE],
  ])('%j -> %s', (name, want) => {
    expect(shareFileName(name)).toBe(want);
  });
});

describe('Share', () => {
  it("reads 'Generating...' while the image is fetched, then shows it with Download Image on a desktop", async () => {
    setMobile(false);
    let release: (r: Response) => void = () => {};
    const paths = serve(() => new Promise<Response>((resolve) => (release = resolve)), "Sandra's Queens <3");
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const busy = screen.getByRole('button', { name: 'Generating...' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await user.click(busy); // a second press while drawing asks for nothing more
    expect(paths.filter((p) => p === SHARE_PATH)).toHaveLength(1);
    expect(paths).toContain(SHARE_PATH);

    release(png());
    const dialog = await screen.findByRole('dialog', { name: 'Share List Image' });
    expect(screen.getByRole('button', { name: 'Share' })).not.toHaveAttribute('aria-disabled');
    const img = screen.getByRole('img', { name: /Share image of/ });
    expect(img).toHaveAttribute('src', 'blob:share-1');
    const download = screen.getByRole('link', { name: 'Download Image' });
    expect(download).toHaveAttribute('href', 'blob:share-1');
    expect(download).toHaveAttribute('download', 'Sandra_s_Queens_3_ranking.png');
    expect(dialog).not.toHaveTextContent(SAVE_HINT);
    // The dialog moves focus in an effect, which may run after the dialog is first seen.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(revoked).toEqual(['blob:share-1']);
  });

  it('on a phone: the long-press hint and no download; Share where the browser can share files', async () => {
    setMobile(true);
    const shareFn = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, share: shareFn, canShare: () => true });
    serve(png);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share List Image' });
    expect(dialog).toHaveTextContent(SAVE_HINT);
    expect(screen.queryByRole('link', { name: 'Download Image' })).not.toBeInTheDocument();
    const inDialog = dialog.querySelectorAll('button');
    const shareButton = Array.from(inDialog).find((b) => b.textContent === 'Share');
    expect(shareButton).toBeDefined();
    await user.click(shareButton!);
    expect(shareFn).toHaveBeenCalledTimes(1);
    const arg = (shareFn.mock.calls[0] as unknown as [{ files: File[] }])[0];
    expect(arg.files[0]?.name).toBe('Queens_of_the_Game_ranking.png');
  });

  it('on a phone without file sharing: only the hint and Close', async () => {
    setMobile(true);
    vi.stubGlobal('navigator', { ...navigator, share: undefined, canShare: undefined });
    serve(png);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share List Image' });
    expect(Array.from(dialog.querySelectorAll('button, a')).map((b) => b.textContent)).toEqual(['Close']);
  });

  it("says it couldn't generate the image when the server fails, and no dialog opens", async () => {
    setMobile(false);
    serve(() => new Response(JSON.stringify({ error: { code: 'busy', message: 'busy' } }), { status: 503 }));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SHARE_GENERATE_ERROR);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share' })).not.toHaveAttribute('aria-disabled');
  });

  it("says it couldn't generate the image when the request fails", async () => {
    setMobile(false);
    serve(() => Promise.reject(new TypeError('offline')));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SHARE_GENERATE_ERROR);
  });

  it("says it couldn't load the image when the answer is not a PNG", async () => {
    setMobile(false);
    serve(() => new Response('<html>oops</html>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SHARE_LOAD_ERROR);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(created).toEqual([]);
  });

  it("says it couldn't load the image when the preview fails to decode, and closes", async () => {
    setMobile(false);
    serve(png);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    await screen.findByRole('dialog', { name: 'Share List Image' });
    fireEvent.error(screen.getByRole('img', { name: /Share image of/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('alert')).toHaveTextContent(SHARE_LOAD_ERROR);
    expect(revoked).toEqual(['blob:share-1']);
  });
});
