/**
 * Wall-clock times in a named time zone, for the schedule form (decision 34): editors type the
 * site's local time, the API takes an instant with an offset. Intl does the zone rules, so this
 * works in the browser and on the server without a time-zone library.
 */

function partsIn(instant: Date, timeZone: string): Record<string, number> {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts;
}

/** Minutes the zone is ahead of UTC at this instant (-300 for Cancún). */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const p = partsIn(instant, timeZone);
  const asUtc = Date.UTC(p['year']!, p['month']! - 1, p['day']!, p['hour']!, p['minute']!, p['second']!);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** An instant as the value of an `<input type="datetime-local">` in the zone: 'YYYY-MM-DDTHH:mm'. */
export function toZonedInput(instant: Date, timeZone: string): string {
  const p = partsIn(instant, timeZone);
  const pad = (value: number | undefined) => String(value ?? 0).padStart(2, '0');
  return `${p['year']}-${pad(p['month'])}-${pad(p['day'])}T${pad(p['hour'])}:${pad(p['minute'])}`;
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  return `${sign}${String(Math.floor(absolute / 60)).padStart(2, '0')}:${String(absolute % 60).padStart(2, '0')}`;
}

/**
 * 'YYYY-MM-DDTHH:mm' read as wall-clock time in the zone → ISO 8601 with that zone's offset, or
 * undefined when the text is not a date and time. A time that does not exist (skipped by a
 * daylight-saving change) moves forward by the gap, as clocks do.
 */
export function zonedInputToIso(value: string, timeZone: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(wall)) return undefined;
  // The offset at the guess, then again at the corrected instant (they differ next to a DST change).
  let offset = offsetMinutes(new Date(wall), timeZone);
  offset = offsetMinutes(new Date(wall - offset * 60_000), timeZone);
  const instant = new Date(wall - offset * 60_000);
  return `${toZonedInput(instant, timeZone)}:00${formatOffset(offsetMinutes(instant, timeZone))}`;
}

/** 'Tue 1 Dec 2026, 09:00' in the zone, for labels next to a scheduled time. */
export function formatZoned(instant: Date, timeZone: string, locale = 'en-GB'): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
}

/** 'Cancun time (UTC−05:00)' from 'America/Cancun'. */
export function describeZone(timeZone: string, at: Date = new Date()): string {
  const city = timeZone.split('/').at(-1)?.replaceAll('_', ' ') ?? timeZone;
  return `${city} time (UTC${formatOffset(offsetMinutes(at, timeZone)).replace('-', '−')})`;
}
