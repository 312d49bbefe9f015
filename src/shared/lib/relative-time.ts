/**
 * Dates in the admin: '5 minutes ago' for scanning a list, the exact date and time for a tooltip.
 * The admin's text is English, so the formats are too (British order: 3 Aug 2025, 14:05).
 */
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const exact = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const dayOnly = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

const steps: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** '10 seconds ago', 'yesterday', 'in 3 days', '2 months ago'; 'just now' under ten seconds. */
export function relativeTime(date: Date, now: Date = new Date()): string {
  let value = (date.getTime() - now.getTime()) / 1000;
  if (Math.abs(value) < 10) return 'just now';
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return relative.format(Math.round(value), unit);
    value /= size;
  }
  return relative.format(Math.round(value), 'year');
}

/** '3 Aug 2025, 14:05' in the browser's time zone. */
export function exactTime(date: Date): string {
  return exact.format(date);
}

/** '3 Aug 2025'. */
export function dayOf(date: Date): string {
  return dayOnly.format(date);
}
