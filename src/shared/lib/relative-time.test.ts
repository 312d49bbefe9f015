import { describe, expect, it } from 'vitest';
import { dayOf, exactTime, relativeTime } from './relative-time';

const now = new Date('2025-08-03T14:05:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('relativeTime', () => {
  it('reads like a person would say it', () => {
    expect(relativeTime(ago(3), now)).toBe('just now');
    expect(relativeTime(ago(40), now)).toBe('40 seconds ago');
    expect(relativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(relativeTime(ago(60 * 60), now)).toBe('1 hour ago');
    expect(relativeTime(ago(26 * 60 * 60), now)).toBe('yesterday');
    expect(relativeTime(ago(3 * 7 * 24 * 60 * 60), now)).toBe('3 weeks ago');
    expect(relativeTime(ago(400 * 24 * 60 * 60), now)).toBe('last year');
    expect(relativeTime(new Date(now.getTime() + 40 * 24 * 60 * 60 * 1000), now)).toBe('next month');
  });

  it('formats exact times and days in British order', () => {
    expect(exactTime(now)).toMatch(/^3 Aug 2025, \d\d:\d\d$/);
    expect(dayOf(new Date('2025-09-02T12:00:00Z'))).toBe('2 Sept 2025');
  });
});
