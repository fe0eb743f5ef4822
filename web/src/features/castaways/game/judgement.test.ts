import { describe, expect, it } from 'vitest';
import { confessionalsText, fansVsGameText, gameOnlyText, outOf100, verdict } from './judgement';

describe('confessionalsText', () => {
  it('sets the count against an even edit, as a rounded difference', () => {
    expect(confessionalsText(42, 31.2)).toBe('42 confessionals, 31 expected: +35%');
    expect(confessionalsText(27, 44.6)).toBe('27 confessionals, 45 expected: −39%');
    expect(confessionalsText(1, 1)).toBe('1 confessional, 1 expected: ±0%');
    expect(confessionalsText(5, 0)).toBe('5');
    expect(confessionalsText(0, 0)).toBe('');
  });
});

describe('verdict', () => {
  it('calls them overrated when fans rank them well above the game, underrated well below, and otherwise agrees', () => {
    expect(verdict({ place: 3, of: 18 }, { place: 11, of: 18 })).toBe('overrated');
    expect(verdict({ place: 15, of: 18 }, { place: 2, of: 18 })).toBe('underrated');
    expect(verdict({ place: 3, of: 18 }, { place: 4, of: 18 })).toBe('agreed');
    // Places out of fields of different sizes are compared by where they sit in the field.
    expect(verdict({ place: 2, of: 5 }, { place: 5, of: 20 })).toBe('agreed');
  });
});

describe('the sentences', () => {
  it('reads as the issue asks', () => {
    expect(fansVsGameText({ place: 3, of: 18 }, { place: 11 })).toBe('Fans rank them 3rd of 18, the game scores them 11th.');
    expect(gameOnlyText({ place: 1, of: 20 })).toBe('The game scores them 1st of 20; fans have not ranked them in this season yet.');
    expect(outOf100(0.2515)).toBe('25 / 100');
  });
});
