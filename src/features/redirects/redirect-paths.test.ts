import { describe, expect, it } from 'vitest';
import { redirectLocation } from './redirect-location';
import {
  normalizeFromPath,
  normalizeTarget,
  replaceSitePath,
  rewriteInternalLinks,
  sitePathOf,
} from './redirect-paths';

describe('normalizeFromPath', () => {
  it.each([
    ['/Old-Page/', '/old-page'],
    ['  /cenotes/dos-ojos.html ', '/cenotes/dos-ojos.html'],
    ['/a//', '/a'],
  ])('%s is stored as %s', (input, stored) => {
    expect(normalizeFromPath(input)).toEqual({ ok: true, value: stored });
  });

  it.each([
    ['', 'Enter the old address'],
    ['old-page', 'must start with /'],
    ['https://example.com/x', 'path on this site'],
    ['//evil.test/x', 'path on this site'],
    ['/a b', 'cannot contain spaces'],
    ['/x?utm=1', 'leave out the ? or # part'],
    ['/', 'part of Cenote Atlas itself'],
    ['/admin/pages', 'part of Cenote Atlas itself'],
    ['/API', 'part of Cenote Atlas itself'],
    ['/feed.xml', 'part of Cenote Atlas itself'],
    [`/${'a'.repeat(500)}`, 'at most 500'],
  ])('refuses %j', (input, message) => {
    const checked = normalizeFromPath(input);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.message).toContain(message);
  });

  it('lets a path that merely starts like a reserved one through', () => {
    expect(normalizeFromPath('/administration')).toEqual({ ok: true, value: '/administration' });
  });
});

describe('normalizeTarget', () => {
  it.each([
    ['/new-page/', '/new-page'],
    ['/New-Page#Gear', '/New-Page#Gear'],
    ['/guide/?tab=2', '/guide?tab=2'],
    ['https://example.com/a b'.replace(' ', '%20'), 'https://example.com/a%20b'],
    ['http://example.com', 'http://example.com/'],
  ])('%s → %s', (input, value) => {
    expect(normalizeTarget(input)).toEqual({ ok: true, value });
  });

  it.each(['', 'javascript:alert(1)', 'data:text/html,x', '//evil.test', 'ftp://x.test/a', 'new page', 'example.com'])(
    'refuses %j',
    (input) => {
      expect(normalizeTarget(input).ok).toBe(false);
    },
  );
});

describe('site paths of targets', () => {
  it('reads and replaces the path, keeping query and section', () => {
    expect(sitePathOf('/Dos-Ojos#gear')).toBe('/dos-ojos');
    expect(sitePathOf('https://example.com/x')).toBeUndefined();
    expect(replaceSitePath('/old?x=1#a', '/new')).toBe('/new?x=1#a');
  });
});

describe('rewriteInternalLinks', () => {
  it('rewrites link fields and rich-text hrefs to the old path, and nothing that only looks similar', () => {
    const data = {
      ctaLink: '/dos-ojos',
      other: '/dos-ojos-tours',
      section: '/dos-ojos#gear',
      external: 'https://example.com/dos-ojos',
      cards: [{ link: '/dos-ojos?from=cards' }, { link: '/x' }],
      content:
        '<p><a href="/dos-ojos">Dos Ojos</a>, <a href="/dos-ojos-tours">tours</a>, <a href=\'/dos-ojos#map\'>map</a></p>',
      text: 'See /dos-ojos for more',
      count: 3,
    };
    const { value, changed } = rewriteInternalLinks(data, '/dos-ojos', '/cenote-dos-ojos');
    expect(changed).toBe(5);
    expect(value).toEqual({
      ctaLink: '/cenote-dos-ojos',
      other: '/dos-ojos-tours',
      section: '/cenote-dos-ojos#gear',
      external: 'https://example.com/dos-ojos',
      cards: [{ link: '/cenote-dos-ojos?from=cards' }, { link: '/x' }],
      content:
        '<p><a href="/cenote-dos-ojos">Dos Ojos</a>, <a href="/dos-ojos-tours">tours</a>, <a href=\'/cenote-dos-ojos#map\'>map</a></p>',
      text: 'See /dos-ojos for more',
      count: 3,
    });
  });

  it('returns the same object when nothing points at the old path', () => {
    const data = { link: '/elsewhere' };
    expect(rewriteInternalLinks(data, '/dos-ojos', '/x')).toEqual({ value: data, changed: 0 });
    expect(rewriteInternalLinks(data, '/dos-ojos', '/x').value).toBe(data);
  });
});

describe('redirectLocation', () => {
  it('keeps the visitor query for a target on this site without its own, and never for another site', () => {
    expect(redirectLocation('/new', '/old?utm_source=x')).toBe('/new?utm_source=x');
    expect(redirectLocation('/new#gear', '/old?a=1')).toBe('/new?a=1#gear');
    expect(redirectLocation('/new?tab=2', '/old?a=1')).toBe('/new?tab=2');
    expect(redirectLocation('https://example.com/x', '/old?a=1')).toBe('https://example.com/x');
    expect(redirectLocation('/new', '/old')).toBe('/new');
  });
});
