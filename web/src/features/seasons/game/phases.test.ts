import { describe, expect, it } from 'vitest';
import { phaseTitle, tribalPhases } from './phases';

const tribe = (name: string, status: string, members: string[] = ['a']) => ({ name, status, members });

describe('tribalPhases', () => {
  it('keeps a phase only when the tribes change, not when someone reaches the Edge of Extinction', () => {
    const phases = [
      { episode: 1, day: 3, tribes: [tribe('Dakal', 'Original'), tribe('Sele', 'Original'), tribe('None', 'Edge of Extinction')] },
      { episode: 2, day: 6, tribes: [tribe('Dakal', 'Original'), tribe('None', 'Edge of Extinction', ['a', 'b']), tribe('Sele', 'Original')] },
      { episode: 5, day: 14, tribes: [tribe('Dakal', 'Swapped'), tribe('Sele', 'Swapped'), tribe('Yara', 'Swapped_2')] },
      { episode: 8, day: 21, tribes: [tribe('Koru', 'Merged'), tribe('None', 'Edge of Extinction')] },
    ];
    const shown = tribalPhases(phases);
    expect(shown.map((p) => p.episode)).toEqual([1, 5, 8]);
    expect(shown.map(phaseTitle)).toEqual(['Original tribes', 'Swapped', 'Merged']);
  });
});
