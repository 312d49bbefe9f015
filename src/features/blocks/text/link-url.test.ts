import { describe, expect, it } from 'vitest';
import { checkLinkUrl } from './link-url';

describe('checkLinkUrl', () => {
  it.each([
    '/safety-guidelines',
    '/cenotes/dos-ojos?tab=map#top',
    'https://example.org',
    'https://example.org/a%20b',
    'mailto:info@example.org',
    'MAILTO:info@example.org',
  ])('accepts %s', (href) => {
    expect(checkLinkUrl(href)).toEqual({ ok: true, href });
  });

  it('trims the address', () => {
    expect(checkLinkUrl('  /contact ')).toEqual({ ok: true, href: '/contact' });
  });

  it.each([
    ['', /Enter an address/],
    ['javascript:alert(1)', /site path/],
    ['data:text/html,hi', /site path/],
    ['//evil.example', /site path/],
    ['/a\\b', /site path/],
    ['http://example.org', /https:\/\//],
    ['example.org', /Start the address with https:\/\/ \(https:\/\/example\.org\)/],
    ['mailto:', /e-mail address/],
    ['ftp://example.org', /site path/],
    ['https:example.org', /site path/],
    ['/a b', /spaces/],
    ['#top', /site path/],
  ])('refuses %j with a message', (href, message) => {
    const result = checkLinkUrl(href);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });
});
