import { describe, expect, it } from 'vitest';
import { safeNext } from './api-client';

describe('safeNext', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeNext('/admin')).toBe('/admin');
    expect(safeNext('/admin/pages?status=draft#top')).toBe('/admin/pages?status=draft#top');
    expect(safeNext('/safety-guidelines')).toBe('/safety-guidelines');
  });

  it.each([
    null,
    '',
    'admin',
    'https://example.org/',
    '//example.org/',
    '/\\example.org',
    '\\\\example.org',
    '/\t/example.org',
    '/\n/example.org',
    'javascript:alert(1)',
    '/admin/..//example.org',
    '/.//example.org',
    '/%2e%2e//example.org',
  ])('refuses %j (falls back to /)', (value) => {
    expect(safeNext(value)).toBe('/');
  });

  it('never sends a signed-in visitor back to the account screens', () => {
    expect(safeNext('/auth')).toBe('/');
    expect(safeNext('/auth?next=/admin')).toBe('/');
    expect(safeNext('/auth/reset-password?token=x')).toBe('/');
    expect(safeNext('/authors')).toBe('/authors');
  });
});
