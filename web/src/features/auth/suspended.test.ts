import { describe, expect, it } from 'vitest';
import { suspendedMessage } from './suspended';

describe('suspendedMessage', () => {
  it('words a refused provider sign-in as the server words a refused password', () => {
    expect(suspendedMessage('2026-12-03T00:00:00Z')).toBe('Your account is suspended until 3 December 2026.');
    expect(suspendedMessage(null)).toBe('Your account is suspended.');
    expect(suspendedMessage('not a date')).toBe('Your account is suspended.');
  });
});
