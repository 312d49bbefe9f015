import { describe, expect, it } from 'vitest';
import { describeZone, offsetMinutes, toZonedInput, zonedInputToIso } from './zoned-time';

describe('zoned time', () => {
  it('reads wall-clock time in Cancún (UTC−5 all year) as an instant with its offset', () => {
    expect(zonedInputToIso('2026-12-01T09:00', 'America/Cancun')).toBe('2026-12-01T09:00:00-05:00');
    expect(new Date(zonedInputToIso('2026-12-01T09:00', 'America/Cancun')!).toISOString()).toBe(
      '2026-12-01T14:00:00.000Z',
    );
    expect(offsetMinutes(new Date('2026-07-01T12:00:00Z'), 'America/Cancun')).toBe(-300);
  });

  it('follows daylight saving time where a zone has it', () => {
    expect(zonedInputToIso('2026-01-15T10:30', 'Europe/Madrid')).toBe('2026-01-15T10:30:00+01:00');
    expect(zonedInputToIso('2026-07-15T10:30', 'Europe/Madrid')).toBe('2026-07-15T10:30:00+02:00');
    // 02:30 on 29 March 2026 does not exist in Madrid: clocks jump from 02:00 to 03:00.
    expect(zonedInputToIso('2026-03-29T02:30', 'Europe/Madrid')).toBe('2026-03-29T03:30:00+02:00');
  });

  it('round-trips an instant through the input format', () => {
    const instant = new Date('2026-11-25T15:45:00Z');
    expect(toZonedInput(instant, 'America/Cancun')).toBe('2026-11-25T10:45');
    expect(new Date(zonedInputToIso(toZonedInput(instant, 'America/Cancun'), 'America/Cancun')!)).toEqual(instant);
  });

  it('refuses text that is not a date and time, and names the zone with its offset', () => {
    expect(zonedInputToIso('', 'America/Cancun')).toBeUndefined();
    expect(zonedInputToIso('tomorrow 9am', 'America/Cancun')).toBeUndefined();
    expect(describeZone('America/Cancun')).toBe('Cancun time (UTC−05:00)');
  });
});
