import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { atomFeed, type FeedEntry } from './atom-feed';

const site = { title: 'Atlas "Test" & Co', description: '', publicUrl: 'https://example.test' };
const entry = (n: number, updated: string): FeedEntry => ({
  pageId: `00000000-0000-4000-8000-00000000000${n}`,
  title: `Page <${n}>`,
  path: `/page-${n}`,
  summary: n === 1 ? '' : `About page ${n} & more`,
  published: new Date('2026-01-01T00:00:00Z'),
  updated: new Date(updated),
});

describe('atomFeed', () => {
  it('is well-formed with escaped text, and takes its updated time from the newest entry', () => {
    const xml = atomFeed(site, [entry(2, '2026-03-01T10:00:00Z'), entry(1, '2026-02-01T10:00:00Z')], new Date());
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain('<title>Atlas &quot;Test&quot; &amp; Co</title>');
    expect(xml).toContain('<updated>2026-03-01T10:00:00.000Z</updated>\n<author>');
    expect(xml).toContain('<summary type="text">About page 2 &amp; more</summary>');
    // No empty summary for a page without one, and no empty subtitle.
    expect(xml).not.toContain('<summary type="text"></summary>');
    expect(xml).not.toContain('<subtitle>');
  });

  it('is valid with no entries, dated now', () => {
    const now = new Date('2026-05-05T05:05:05Z');
    const xml = atomFeed({ ...site, description: 'Dive notes' }, [], now);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain('<updated>2026-05-05T05:05:05.000Z</updated>');
    expect(xml).toContain('<subtitle>Dive notes</subtitle>');
    expect(xml).not.toContain('<entry>');
  });
});
