/** 'Survivor: Borneo' → 'Borneo', 'Survivor 45' → '45'. Other names are left as they are. */
export function stripSurvivorPrefix(name: string): string {
  if (name.startsWith('Survivor: ')) return name.slice('Survivor: '.length);
  if (name.startsWith('Survivor ')) return name.slice('Survivor '.length);
  return name;
}

export function seasonNumberLabel(n: number): string {
  return `Season ${n}`;
}

export const PLACEHOLDER_IMAGE = '/images/placeholder.jpg';
