import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { summary } from '../test/communityFixtures';
import { mockApi, renderApp } from '../test/mockApi';
import { catalogFixture } from '../test/utils';
import { ListCard } from './ListCard';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ListCard', () => {
  it('shows the name, author, votes, count and visible tags only', () => {
    renderApp(<ListCard list={summary({ upvoteCount: 1, tags: ['strategic', 'challenge', 'survivor-ranking'] })} from="other" />);
    const card = screen.getByRole('article', { name: 'Queens of the Game' });
    expect(within(card).getByRole('link', { name: 'Queens of the Game' })).toHaveAttribute('href', '/list/u2/list_1700000000000');
    expect(within(card).getByRole('link', { name: 'Parvati' })).toHaveAttribute('href', '/rankings/user/u2');
    expect(within(card).getByText('1 upvote')).toBeInTheDocument();
    expect(within(card).getByRole('list', { name: 'Tags' })).toHaveTextContent('StrategicChallenge Beasts');
    expect(card).not.toHaveTextContent('survivor-ranking');
    expect(within(card).queryByText('Private')).not.toBeInTheDocument();
  });

  it('marks a private list', () => {
    renderApp(<ListCard list={summary({ isPublic: false })} from="other" />);
    expect(screen.getByText('Private')).toBeInTheDocument();
  });

  it('keeps a spoiler list preview hidden', () => {
    renderApp(<ListCard list={summary({ tags: ['spoiler', 'survivor-ranking'] })} from="other" />);
    expect(screen.getByText('Contains Spoilers')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Top 3' })).not.toBeInTheDocument();
  });

  it('keeps the preview hidden when it ranks castaways of a season the reader has not finished', async () => {
    window.localStorage.setItem('castaway.watching', JSON.stringify({ s20: 2 }));
    mockApi({ 'GET /api/catalog/seasons': catalogFixture });
    renderApp(<ListCard list={summary()} from="other" />);
    expect(await screen.findByText('Season not finished')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Top 3' })).not.toBeInTheDocument();
    window.localStorage.clear();
  });

  it('counts seasons for a season ranking', () => {
    renderApp(<ListCard list={summary({ contestantCount: 5, tags: ['season-ranking'] })} from="home" />);
    expect(screen.getByText('5 seasons')).toBeInTheDocument();
  });

  it('a tier list shows its top tier’s first entries under the tier’s label, and says it is a tier list', () => {
    renderApp(<ListCard list={summary({ format: 'tiers', topTier: { label: 'GOAT', color: 'purple' } })} from="other" />);
    const top = screen.getByRole('list', { name: 'Top tier GOAT' });
    expect(within(top).getAllByRole('listitem')).toHaveLength(3);
    const marks = top.querySelectorAll('[data-color="purple"]');
    expect([...marks].map((m) => m.textContent)).toEqual(['GOAT', 'GOAT', 'GOAT']);
    expect(screen.getByText('Tier list')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Top 3' })).not.toBeInTheDocument();
  });

  it('dated: says who published the list and when', () => {
    const createdAt = new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString();
    renderApp(<ListCard list={summary({ createdAt })} from="other" dated />);
    const card = screen.getByRole('article', { name: 'Queens of the Game' });
    expect(within(card).getByRole('link', { name: 'Parvati' })).toHaveAttribute('href', '/rankings/user/u2');
    const when = within(card).getByText('3 hours ago');
    expect(when.tagName).toBe('TIME');
    expect(when).toHaveAttribute('datetime', createdAt);
  });

  it('says nothing of when unless dated', () => {
    renderApp(<ListCard list={summary()} from="other" />);
    expect(screen.getByRole('article', { name: 'Queens of the Game' }).querySelector('time')).toBeNull();
  });

  it('separates its counts with dots drawn by CSS, so a wrapped line never ends on one', () => {
    renderApp(<ListCard list={summary({ format: 'tiers', topTier: { label: 'S', color: 'red' } })} from="other" />);
    const meta = screen.getByText('Tier list').parentElement;
    expect(meta?.textContent).not.toContain('•');
    expect([...(meta?.children ?? [])].map((c) => c.textContent)).toEqual(['▲ 4 upvotes', '10 contestants', 'Tier list']);
  });
});
