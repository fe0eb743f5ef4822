import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubIntersectionObserver } from '../test/intersection';
import { useNearViewport } from './useNearViewport';

afterEach(() => vi.unstubAllGlobals());

/** A section drawn only after "Show", as a list's Remixes appear once it has one. */
function Late() {
  const [shown, setShown] = useState(false);
  const [near, ref] = useNearViewport();
  return (
    <>
      <button onClick={() => setShown(true)}>Show</button>
      {shown && <section ref={ref}>{near ? 'near' : 'far'}</section>}
    </>
  );
}

describe('useNearViewport', () => {
  it('watches an element drawn after the first render, and stays near once near', async () => {
    const screenEdge = stubIntersectionObserver();
    render(<Late />);
    expect(screenEdge.observers).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByText('far')).toBeInTheDocument();
    expect(screenEdge.observers).toHaveLength(1);
    screenEdge.report(true);
    expect(screen.getByText('near')).toBeInTheDocument();
    screenEdge.report(false);
    expect(screen.getByText('near')).toBeInTheDocument();
  });

  it('is near at once where the browser cannot tell', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    function Plain() {
      const [near, ref] = useNearViewport();
      return <section ref={ref}>{near ? 'near' : 'far'}</section>;
    }
    render(<Plain />);
    expect(screen.getByText('near')).toBeInTheDocument();
  });
});
