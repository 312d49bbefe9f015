import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockDefinitions, blockTypes } from '../blocks/registry';
import { auditContent } from './content-audit';
import { loadContent } from './content-loader.server';
import { pageWordCount } from './content.schema';
import { cenoteSlugs, depthTable, minimumWords, requiredSlugs, topicSlugs } from './content-rules';

const contentDir = path.resolve(import.meta.dirname, '..', '..', '..', 'content');

describe('editorial content', () => {
  it('every page file validates against the page and block schemas', async () => {
    const { pages } = await loadContent(contentDir);
    expect(pages.map((page) => page.slug).sort()).toEqual([...requiredSlugs].sort());
  });

  it('passes the audit: word minimums, links, images, required blocks and cenote facts', async () => {
    const { pages, images } = await loadContent(contentDir);
    expect(auditContent(pages, images)).toEqual([]);
  });

  it('topic pages have at least 400 words and cenote pages at least 300', async () => {
    const { pages } = await loadContent(contentDir);
    for (const page of pages) {
      if ((topicSlugs as readonly string[]).includes(page.slug)) {
        expect(pageWordCount(page), page.slug).toBeGreaterThanOrEqual(minimumWords.topic);
      }
      if ((cenoteSlugs as readonly string[]).includes(page.slug)) {
        expect(pageWordCount(page), page.slug).toBeGreaterThanOrEqual(minimumWords.cenote);
      }
      expect(page.blocks.length, page.slug).toBeGreaterThanOrEqual(3);
    }
  });

  it('keeps the spec facts exactly', async () => {
    const { pages } = await loadContent(contentDir);
    const text = (slug: string) => JSON.stringify(pages.find((page) => page.slug === slug)?.blocks ?? []);
    const safety = text('safety-guidelines');
    expect(safety).toMatch(/three lights/i);
    expect(safety).toMatch(/one third of (your |the )?gas (in|for the way in)/i);
    expect(safety).toMatch(/guideline/i);
    expect(safety).toMatch(/buddy/i);
    const certifications = text('required-certifications');
    for (const level of ['Open Water', 'Advanced Open Water', 'Cavern', 'Cave'])
      expect(certifications).toContain(level);
    expect(depthTable['cenote-el-pit']).toBe('Over 119 m deep; recreational limit 40 m');
    expect(depthTable['cenote-chikin-ha']).toMatch(/^\d+-\d+ m$/);
  });
});

describe('block registry', () => {
  it.each(blockTypes)('%s: its defaults parse with its own schema and come back unchanged', (type) => {
    const definition = blockDefinitions[type];
    expect(definition.schema.parse(definition.defaults)).toEqual(definition.defaults);
  });

  it('blank titles fall back to the spec sample defaults', () => {
    expect(blockDefinitions.hero.schema.parse({ title: '  ' }).title).toBe('Welcome to Our Site');
    expect(blockDefinitions.text.schema.parse({}).heading).toBe('Section Heading');
    expect(blockDefinitions.gallery.schema.parse({}).title).toBe('Photo Gallery');
    expect(blockDefinitions.cards.schema.parse({}).title).toBe('Featured Cards');
    expect(blockDefinitions.cta.schema.parse({}).heading).toBe('Ready to Get Started?');
    expect(blockDefinitions.features.schema.parse({}).title).toBe('Key Features');
    expect(blockDefinitions.quote.schema.parse({}).author).toBe('Ancient Mayan Wisdom');
    expect(blockDefinitions.gallery.schema.parse({}).columns).toBe(3);
    expect(blockDefinitions.text.schema.parse({}).imagePosition).toBe('right');
  });

  it('refuses unsafe links and image addresses', () => {
    expect(blockDefinitions.hero.schema.safeParse({ ctaLink: 'javascript:alert(1)' }).success).toBe(false);
    expect(blockDefinitions.hero.schema.safeParse({ backgroundImage: 'data:image/png;base64,AAAA' }).success).toBe(
      false,
    );
    expect(blockDefinitions.hero.schema.safeParse({ ctaLink: '//evil.example/x' }).success).toBe(false);
    expect(blockDefinitions.hero.schema.safeParse({ ctaLink: '/safety-guidelines' }).success).toBe(true);
    expect(blockDefinitions.cta.schema.safeParse({ backgroundColor: 'bg-red-500' }).success).toBe(false);
  });
});
