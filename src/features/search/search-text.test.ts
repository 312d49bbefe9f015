import { describe, expect, it } from 'vitest';
import {
  blockText,
  containsPattern,
  decodeEntities,
  foldAccents,
  highlightWords,
  forTextSearchParser,
  htmlToText,
  joinSentences,
  markEnd,
  markStart,
  maxBodyTextLength,
  normalizeQuery,
  pageBodyText,
  prefixTerm,
  searchWords,
  snippetFromHeadline,
  snippetHtml,
} from './search-text';

describe('decodeEntities', () => {
  it('decodes named, decimal and hex references once', () => {
    expect(decodeEntities('Fish &amp; chips &lt;b&gt; &quot;x&quot; &#39;y&#39; &#x2014; &mdash; &eacute;')).toBe(
      'Fish & chips <b> "x" \'y\' — — é',
    );
    expect(decodeEntities('&amp;lt;')).toBe('&lt;');
  });

  it('leaves unknown names and bare ampersands alone and refuses invalid code points', () => {
    expect(decodeEntities('AT&T &unknown; & done')).toBe('AT&T &unknown; & done');
    expect(decodeEntities('&#0;&#xD800;&#1114112;')).toBe('\uFFFD\uFFFD\uFFFD');
  });
});

describe('htmlToText', () => {
  it('strips tags, decodes entities and collapses whitespace', () => {
    expect(htmlToText('<h3>Light,  stone</h3><p>and&nbsp;time</p>\n<ul><li>one</li><li>two</li></ul>')).toBe(
      'Light, stone and time one two',
    );
  });

  it('joins inline elements to their words but separates blocks', () => {
    expect(htmlToText('<p>The <strong>Bar</strong>bie <a href="/x">Line</a></p><p>next</p>')).toBe(
      'The Barbie Line next',
    );
    expect(htmlToText('one<br>two<br/>three')).toBe('one two three');
  });

  it('drops scripts, styles and comments with their content', () => {
    expect(htmlToText('a<script>alert("x")</script>b <style>p{}</style>c <!-- hidden -->d <script src="x">')).toBe(
      'a b c d',
    );
  });

  it('keeps text that only looks like markup after decoding, and comparisons', () => {
    expect(htmlToText('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')).toBe('<script>alert(1)</script>');
    expect(htmlToText('depth 3 < 4 and 5 > 2')).toBe('depth 3 < 4 and 5 > 2');
  });

  it('removes the private highlight markers from content', () => {
    expect(htmlToText(`x${markStart}y${markEnd}z`)).toBe('xyz');
  });
});

describe('blockText', () => {
  it('takes the visible text of a hero and skips links, images and settings', () => {
    expect(
      blockText({
        overlay: 'dark',
        ctaLink: '/safety-guidelines',
        ctaText: 'Read the safety guidelines',
        subtitle: 'Two sinkhole eyes',
        title: 'Cenote Dos Ojos',
        backgroundImage: '/media/seed/cenote-dos-ojos.jpg',
      }),
    ).toBe('Cenote Dos Ojos. Two sinkhole eyes. Read the safety guidelines');
  });

  it('walks nested cards, gallery captions and highlight lists', () => {
    const text = blockText({
      title: 'At a glance',
      columns: 4,
      cards: [
        {
          title: 'Depth',
          description: '5-10 m',
          image: 'https://example.org/a.jpg',
          highlights: ['Halocline', 'Light'],
        },
      ],
      images: [{ url: '/media/a.jpg', title: 'Columns', description: 'Stalactites' }],
    });
    expect(text).toBe('At a glance. Depth. 5-10 m. Halocline, Light. Columns. Stalactites');
  });

  it('skips CSS class tokens, colours, icons and address values under any key', () => {
    expect(
      blockText({
        heading: 'Go',
        backgroundColor: 'bg-gray-50',
        highlightBox: { text: 'Certified only', bgColor: 'bg-teal-100', textColor: 'text-teal-900' },
        note: 'bg-white text-gray-900',
        other: 'https://example.org/x',
        path: '/cenote-diving',
        features: [{ icon: '🏛️', title: 'Barbie Line' }],
        imagePosition: 'right',
        ctaButton: { text: 'Book', link: 'mailto:x@example.org' },
      }),
    ).toBe('Go. Certified only. Barbie Line. Book');
  });

  it('strips HTML in rich text and ignores non-strings', () => {
    expect(blockText({ content: '<p>Halocline &amp; haze</p>', count: 3, on: true, none: null })).toBe(
      'Halocline & haze',
    );
    expect(blockText(null)).toBe('');
    expect(blockText('plain')).toBe('plain');
  });
});

describe('joinSentences', () => {
  it("closes a piece without punctuation with '. ' and leaves punctuated ones alone", () => {
    expect(joinSentences(['Light beams', 'Sunlight pours in.', 'Cavern zone, Overhangs', 'Why?', 'End'])).toBe(
      'Light beams. Sunlight pours in. Cavern zone, Overhangs. Why? End',
    );
    expect(joinSentences(['He said “go.”', 'Beginner (Open Water)', 'Depth:', '5-10 m'])).toBe(
      'He said “go.” Beginner (Open Water). Depth: 5-10 m',
    );
    expect(joinSentences(['', '  ', 'Only'])).toBe('Only');
    expect(joinSentences([])).toBe('');
  });
});

describe('sentences in block text (issue 18: snippets that read)', () => {
  it('keeps card titles, descriptions and tags apart', () => {
    const text = blockText({
      title: 'Highlights',
      cards: [
        { title: 'Light beams', description: 'Sunlight pours through the openings', highlights: ['Cavern zone'] },
        { title: 'Overhangs', description: 'Rock ledges above the water.', highlights: ['Shade', 'Roots'] },
      ],
    });
    expect(text).toBe(
      'Highlights. Light beams. Sunlight pours through the openings. Cavern zone. Overhangs. Rock ledges above the water. Shade, Roots',
    );
  });

  it('reads a fact as "label: value" and skips its icon', () => {
    expect(
      blockText({
        title: 'At a glance',
        facts: [
          { icon: 'waves-arrow-down', label: 'Depth Range', value: '5-10 m' },
          { icon: 'map-pin', label: 'Location:', value: 'Tulum' },
        ],
      }),
    ).toBe('At a glance. Depth Range: 5-10 m. Location: Tulum');
  });

  it('ends headings and list items of rich text as sentences, inline markup still joins words', () => {
    expect(
      htmlToText(
        '<h3>Stay in the light</h3><p>Open <b>water</b> only.</p><ul><li>Three lights</li><li>Guideline</li></ul>',
        {
          separateBlocks: true,
        },
      ),
    ).toBe('Stay in the light. Open water only. Three lights. Guideline');
    expect(blockText({ heading: 'Gear', content: '<p>Bring a torch</p>' })).toBe('Gear. Bring a torch');
  });
});

describe('pageBodyText', () => {
  it('joins blocks in the given order as sentences', () => {
    expect(pageBodyText([{ block_data: { title: 'One' } }, { block_data: {} }, { block_data: { quote: 'Two' } }])).toBe(
      'One. Two',
    );
    expect(pageBodyText([{ block_data: { quote: 'Done.' } }, { block_data: { title: 'Next' } }])).toBe('Done. Next');
  });

  it('caps very long pages at a word boundary', () => {
    const text = pageBodyText([{ block_data: { content: 'word '.repeat(maxBodyTextLength) } }]);
    expect(text.length).toBeLessThanOrEqual(maxBodyTextLength);
    expect(text.endsWith('word')).toBe(true);
  });
});

describe('query helpers', () => {
  it('normalizes whitespace and caps the length', () => {
    expect(normalizeQuery('  dos \t ojos  ')).toBe('dos ojos');
    expect(normalizeQuery('   ')).toBe('');
    expect(normalizeQuery('x'.repeat(150))).toHaveLength(100);
    // PostgreSQL text cannot hold NUL: control characters separate words instead of failing the query.
    expect(normalizeQuery('dos\u0000ojos\u0007')).toBe('dos ojos');
  });

  it('keeps only letters and digits as lowercase, deduplicated words', () => {
    expect(searchWords('Dos O')).toEqual(['dos', 'o']);
    expect(searchWords(`'":*&|!()<>\\`)).toEqual([]);
    expect(searchWords("' or 1=1 --")).toEqual(['or', '1']);
    expect(searchWords('cenote:* & !angelita | (x)')).toEqual(['cenote', 'angelita', 'x']);
    expect(searchWords('Manatí ñandú 24°C')).toEqual(['manatí', 'ñandú', '24', 'c']);
  });

  it('folds Latin accents only', () => {
    expect(foldAccents('Yucatán Manatí Chichén ñ Ü')).toBe('Yucatan Manati Chichen n U');
    expect(foldAccents('ß æ 日本')).toBe('ß æ 日本');
  });

  it('leaves one-letter prefixes unhighlighted when there are longer words', () => {
    expect(highlightWords(['dos', 'o'])).toEqual(['dos']);
    expect(highlightWords(['o'])).toEqual(['o']);
  });

  it('builds prefix terms only from clean words', () => {
    expect(prefixTerm('angel')).toBe('angel:*');
    expect(() => prefixTerm("a' | b")).toThrow();
    expect(() => prefixTerm('')).toThrow();
  });

  it('escapes LIKE wildcards and the escape character', () => {
    expect(containsPattern('dos o')).toBe('%dos o%');
    expect(containsPattern('100%_\\')).toBe('%100\\%\\_\\\\%');
  });

  it('swaps angle brackets for the parser', () => {
    expect(forTextSearchParser('a<b>c')).not.toMatch(/[<>]/);
  });
});

describe('snippets', () => {
  it('escapes everything and turns only the markers into <mark>', () => {
    const raw = forTextSearchParser(`before <script>alert("x")</script> & ${markStart}halocline${markEnd} after`);
    expect(snippetHtml(raw)).toBe(
      'before &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; <mark>halocline</mark> after',
    );
  });

  it('drops stray or empty markers and adds ellipses when cut', () => {
    expect(snippetHtml(`a ${markStart}b c ${markEnd}${markEnd}${markStart}`, { cutStart: true, cutEnd: true })).toBe(
      '… a <mark>b c </mark> …',
    );
    expect(snippetHtml(`${markStart}${markEnd}`)).toBe('');
  });

  it('tells from the text around it whether a headline was cut', () => {
    const text = 'one two three four five';
    expect(snippetFromHeadline(`one ${markStart}two${markEnd} three four five`, text, text)).toBe(
      'one <mark>two</mark> three four five',
    );
    expect(snippetFromHeadline(`${markStart}three${markEnd} four`, text, text)).toBe('… <mark>three</mark> four …');
  });

  it('falls back to the first words when nothing was matched', () => {
    const words = Array.from({ length: 40 }, (_, index) => `w${index}`).join(' ');
    const snippet = snippetFromHeadline(null, words, words);
    expect(snippet.split(' ')).toHaveLength(31);
    expect(snippet.endsWith(' …')).toBe(true);
    expect(snippetFromHeadline(null, 'short text', 'short text')).toBe('short text');
  });
});
