import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazyPage';

const page = () => Promise.resolve({ default: () => <h1>The page</h1> });

function renderPage(Page: ReturnType<typeof lazyPage>) {
  render(
    <Suspense fallback={<p>Loading</p>}>
      <Page />
    </Suspense>,
  );
}

describe('lazyPage', () => {
  it('paints the page in the first render once preloaded', async () => {
    const Page = lazyPage(page);
    await Page.preload();
    renderPage(Page);
    // No waiting: the first commit already holds the page, never the fallback.
    expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('loads a page not preloaded behind the fallback, like React.lazy', async () => {
    const Page = lazyPage(page);
    renderPage(Page);
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeInTheDocument();
  });
});
