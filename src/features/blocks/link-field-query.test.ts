import { describe, expect, it } from 'vitest';
import { nextActiveIndex, pageSearchTermOf } from './link-field-query';

describe('pageSearchTermOf', () => {
  it.each([
    ['safety', 'safety'],
    ['  Dos Ojos ', 'Dos Ojos'],
    ['/safety-gu', 'safety-gu'],
    ['/', ''],
    ['www.example.com', 'www.example.com'],
  ])('searches pages for %j as %j', (text, term) => expect(pageSearchTermOf(text)).toBe(term));

  it.each([
    '',
    '   ',
    'https://example.com',
    'http://example.com',
    'mailto:info@example.com',
    'javascript:alert(1)',
    '#booking',
    '//evil.example',
    '/es/cenote-dos-ojos',
    '/safety-guidelines#lights',
    '/search?q=ojos',
  ])('leaves %j alone (another kind of address)', (text) => expect(pageSearchTermOf(text)).toBeNull());

  it('keeps the search within the API limit of 200 characters', () => {
    expect(pageSearchTermOf('a'.repeat(300))).toHaveLength(200);
  });
});

describe('nextActiveIndex', () => {
  it('moves down and wraps to the first option', () => {
    expect(nextActiveIndex(-1, 3, 'ArrowDown')).toBe(0);
    expect(nextActiveIndex(0, 3, 'ArrowDown')).toBe(1);
    expect(nextActiveIndex(2, 3, 'ArrowDown')).toBe(0);
  });

  it('moves up and wraps to the last option', () => {
    expect(nextActiveIndex(-1, 3, 'ArrowUp')).toBe(2);
    expect(nextActiveIndex(0, 3, 'ArrowUp')).toBe(2);
    expect(nextActiveIndex(2, 3, 'ArrowUp')).toBe(1);
  });

  it('has nothing to move to in an empty list', () => {
    expect(nextActiveIndex(0, 0, 'ArrowDown')).toBe(-1);
    expect(nextActiveIndex(-1, 0, 'ArrowUp')).toBe(-1);
  });
});
