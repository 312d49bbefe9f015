import { describe, expect, it } from 'vitest';
import { countWords, pageOutline, slugify, tableOfContentsMinWords } from './page-outline';

const words = (count: number) => Array.from({ length: count }, (_, index) => `word${index}`).join(' ');
const text = (heading: string, wordCount = 10) => ({
  type: 'text',
  data: { heading, content: `<p>${words(wordCount)}</p>` },
});

describe('slugify', () => {
  it('makes readable, stable ids from headings', () => {
    expect(slugify('Lights: Why Three?')).toBe('lights-why-three');
    expect(slugify('Gas Planning and the Rule of Thirds')).toBe('gas-planning-and-the-rule-of-thirds');
    expect(slugify('Cenotes of the Yucatán')).toBe('cenotes-of-the-yucatan');
    expect(slugify('Don’t Touch the Formations')).toBe('dont-touch-the-formations');
    expect(slugify('  ¿¡!?  ')).toBe('section');
  });
});

describe('pageOutline', () => {
  it('lists the h2s of a long page and gives every heading a unique id', () => {
    const blocks = [
      { type: 'hero', data: { title: 'Safety Guidelines' } },
      text('Where the Rules Come From', tableOfContentsMinWords),
      text('Highlights'),
      { type: 'quote', data: { quote: 'A saying.', author: 'Someone' } },
      { type: 'features', data: { title: 'Highlights', features: [] } },
      text('Main'),
      { type: 'cta', data: { heading: 'Dive Within Your Training' } },
    ];
    const outline = pageOutline(blocks, 0);
    expect(outline.anchors).toEqual([
      'safety-guidelines',
      'where-the-rules-come-from',
      'highlights',
      undefined,
      'highlights-2',
      // The layout's <main id="main"> keeps its id.
      'section-main',
      'dive-within-your-training',
    ]);
    // The hero holds the page's h1: not an entry.
    expect(outline.entries.map((entry) => entry.title)).toEqual([
      'Where the Rules Come From',
      'Highlights',
      'Highlights',
      'Main',
      'Dive Within Your Training',
    ]);
    expect(outline.showTableOfContents).toBe(true);
  });

  it('lists the first block too when the page title is rendered above it', () => {
    const outline = pageOutline([text('First', tableOfContentsMinWords), text('Second'), text('Third')], 1);
    expect(outline.entries.map((entry) => entry.id)).toEqual(['first', 'second', 'third']);
  });

  it('gives a short page, or one with fewer than three sections, no table of contents', () => {
    expect(pageOutline([text('One', 300), text('Two', 300), text('Three', 300)], 1).showTableOfContents).toBe(false);
    expect(pageOutline([text('One', tableOfContentsMinWords), text('Two')], 1).showTableOfContents).toBe(false);
  });

  it('skips unknown block types and data that does not parse', () => {
    const outline = pageOutline(
      [
        { type: 'marquee', data: { title: 'Scrolling' } },
        { type: 'cards', data: { columns: 7 } },
      ],
      1,
    );
    expect(outline.anchors).toEqual([undefined, undefined]);
    expect(outline.entries).toEqual([]);
  });
});

describe('countWords', () => {
  it('counts what a visitor reads, not addresses or settings', () => {
    expect(
      countWords([
        {
          type: 'hero',
          data: {
            title: 'Two words',
            ctaLink: '/safety-guidelines',
            backgroundImage: '/media/seed/a.jpg',
            overlay: 'dark',
          },
        },
        { type: 'text', data: { heading: 'Three more words', content: '<p>And <strong>three</strong> here.</p>' } },
        { type: 'unknown', data: { title: 'Not counted' } },
      ]),
    ).toBe(2 + 3 + 3);
  });
});
