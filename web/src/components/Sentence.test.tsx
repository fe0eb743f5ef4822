import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../api/contract';
import { Sentence } from './Sentence';

describe('Sentence', () => {
  it('puts elements where the message has placeholders, the words as they are around them', () => {
    const { container } = render(
      <p>
        <Sentence message={MESSAGES.confirmEmail} values={{ email: <strong>fan@example.com</strong> }} />
      </p>,
    );
    expect(container.querySelector('p')?.innerHTML).toBe('Please confirm <strong>fan@example.com</strong>: open the link we emailed you.');
  });

  it('fills a placeholder at either end, and with text too', () => {
    const { container } = render(
      <p>
        <Sentence message="{a} and {b}" values={{ a: <em>one</em>, b: 'two' }} />
      </p>,
    );
    expect(container.querySelector('p')?.innerHTML).toBe('<em>one</em> and two');
  });
});
