const dates = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });
const viewers = new Intl.NumberFormat('en', { notation: 'compact', maximumSignificantDigits: 3 });

/** '2010-02-11' → 'Feb 11, 2010'; '' when unknown. */
export function dayText(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? iso : dates.format(d);
}

/** 'Feb 11, 2010 – Dec 19, 2010', or whichever end is known. */
export function dayRange(from: string | undefined, to: string | undefined): string {
  return [dayText(from), dayText(to)].filter(Boolean).join(' – ');
}

/** 14150000 → '14.2M'; '' when the data has no figure (0). */
export function viewersText(n: number | undefined): string {
  return n ? viewers.format(n) : '';
}

/** A tribe's status as the data spells it ('Swapped_2') in words ('Swapped 2'). */
export function statusText(status: string): string {
  return status.replace(/_/g, ' ');
}

/** 'Episode 4, day 10'; the day left out where the data has none (0). */
export function episodeDay(episode: number, day: number): string {
  return day > 0 ? `Episode ${episode}, day ${day}` : `Episode ${episode}`;
}
