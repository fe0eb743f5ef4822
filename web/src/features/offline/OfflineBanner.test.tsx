import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteRequest } from '../../lib/network';
import { OFFLINE_TEXT, OfflineBanner, UNREACHABLE_TEXT } from './OfflineBanner';

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  noteRequest(true);
});

describe('OfflineBanner', () => {
  it('is an empty live region while online', () => {
    render(<OfflineBanner />);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('says the page shows what was seen before while the browser is offline, and goes when it is back', () => {
    render(<OfflineBanner />);
    goOffline(true);
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_TEXT);
    goOffline(false);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('says the site cannot be reached when a request failed for the network, until one gets through', () => {
    render(<OfflineBanner />);
    act(() => noteRequest(false));
    expect(screen.getByRole('status')).toHaveTextContent(UNREACHABLE_TEXT);
    act(() => noteRequest(true));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
