import { describe, expect, it } from 'vitest';
import type { PageSnapshot, SnapshotBlock, SnapshotPage } from './page-snapshot';
import {
  alignSequences,
  canonicalJson,
  diffBlockData,
  diffSnapshots,
  diffWords,
  humanizeKey,
  maxDiffWords,
} from './revision-diff';

const page: SnapshotPage = {
  slug: 'cenote-angelita',
  title: 'Cenote Angelita',
  excerpt: 'A deep sinkhole south of Tulum.',
  page_type: 'cenote',
  meta_title: null,
  meta_description: 'The underwater river.',
  og_title: null,
  og_description: null,
  og_image: null,
  twitter_title: null,
  twitter_description: null,
  twitter_image: null,
  canonical_url: null,
  structured_data: { '@type': 'TouristAttraction', name: 'Cenote Angelita' },
};

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function block(n: number, order: number, type: string, data: Record<string, unknown>, active = true): SnapshotBlock {
  return { id: id(n), block_type: type, block_data: data, block_order: order, is_active: active, version: 1 };
}

const hero = block(1, 1, 'hero', { title: 'Dive the river', subtitle: 'South of Tulum', ctaLink: '/dive' });
const text = block(2, 2, 'text', { heading: 'The cloud', content: '<p>A pale <strong>misty</strong> layer.</p>' });
const quote = block(3, 3, 'quote', { quote: 'Like flying', author: 'A diver' });

const snapshot = (blocks: SnapshotBlock[], fields: Partial<SnapshotPage> = {}): PageSnapshot => ({
  page: { ...page, ...fields },
  blocks,
});

describe('diffWords', () => {
  it('marks removed and added words between shared ones, removals first', () => {
    expect(diffWords('Dive the old river today', 'Dive the new blue river today')).toEqual([
      { kind: 'same', text: 'Dive the' },
      { kind: 'removed', text: 'old' },
      { kind: 'added', text: 'new blue' },
      { kind: 'same', text: 'river today' },
    ]);
  });

  it('handles texts that only grow, only shrink, or are empty', () => {
    expect(diffWords('', 'Fresh text')).toEqual([{ kind: 'added', text: 'Fresh text' }]);
    expect(diffWords('Old text', '')).toEqual([{ kind: 'removed', text: 'Old text' }]);
    expect(diffWords('same words', 'same  words ')).toEqual([{ kind: 'same', text: 'same words' }]);
    expect(diffWords('', '')).toEqual([]);
  });

  it('finds the longest shared run, not just a shared start and end', () => {
    const runs = diffWords('a b c d e', 'x b c y e');
    expect(runs).toEqual([
      { kind: 'removed', text: 'a' },
      { kind: 'added', text: 'x' },
      { kind: 'same', text: 'b c' },
      { kind: 'removed', text: 'd' },
      { kind: 'added', text: 'y' },
      { kind: 'same', text: 'e' },
    ]);
  });

  it('gives up (null) on texts over the word limit, and stays fast on long texts edited in one place', () => {
    const long = Array.from({ length: maxDiffWords + 1 }, (_, index) => `w${index}`).join(' ');
    expect(diffWords(long, `${long} more`)).toBeNull();
    const words = Array.from({ length: maxDiffWords }, (_, index) => `w${index}`);
    const edited = [...words.slice(0, 2500), 'changed', ...words.slice(2501)];
    const started = performance.now();
    const runs = diffWords(words.join(' '), edited.join(' '));
    expect(performance.now() - started).toBeLessThan(500);
    expect(runs?.filter((run) => run.kind !== 'same')).toEqual([
      { kind: 'removed', text: 'w2500' },
      { kind: 'added', text: 'changed' },
    ]);
  });

  it('refuses a table over the cell limit (two long texts with nothing in common)', () => {
    const a = Array.from({ length: 3000 }, (_, index) => `a${index}`);
    const b = Array.from({ length: 3000 }, (_, index) => `b${index}`);
    expect(alignSequences(a, b)).toBeNull();
    expect(diffWords(a.join(' '), b.join(' '))).toBeNull();
  });
});

describe('canonicalJson and labels', () => {
  it('ignores key order and treats null, undefined and missing alike', () => {
    expect(canonicalJson({ b: 1, a: [{ y: 2, x: null }] })).toBe(canonicalJson({ a: [{ x: undefined, y: 2 }], b: 1 }));
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: '1' }));
  });

  it('names keys as an editor reads them', () => {
    expect(humanizeKey('ctaText')).toBe('CTA text');
    expect(humanizeKey('backgroundImage')).toBe('Background image');
    expect(humanizeKey('highlightBox')).toBe('Highlight box');
    expect(humanizeKey('bgColor')).toBe('Background color');
  });
});

describe('diffBlockData', () => {
  it('compares rich text by its visible words, entities decoded', () => {
    const [change] = diffBlockData(
      { content: '<p>Caf&eacute; by the <em>cenote</em></p>' },
      { content: '<p>Café near the <em>cenote</em>&nbsp;entrance</p>' },
    );
    expect(change).toMatchObject({ name: 'content', label: 'Content', before: 'Café by the cenote' });
    expect(change?.runs).toEqual([
      { kind: 'same', text: 'Café' },
      { kind: 'removed', text: 'by' },
      { kind: 'added', text: 'near' },
      { kind: 'same', text: 'the cenote' },
      { kind: 'added', text: 'entrance' },
    ]);
    expect(change?.formattingOnly).toBe(false);
  });

  it('says when only the formatting of rich text changed', () => {
    const changes = diffBlockData(
      { content: '<p>A pale layer.</p>' },
      { content: '<p>A <strong>pale</strong> layer.</p>' },
    );
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ formattingOnly: true, runs: [{ kind: 'same', text: 'A pale layer.' }] });
  });

  it('compares addresses and settings as whole values, prose word by word', () => {
    const changes = diffBlockData(
      { title: 'Old title', ctaLink: '/old-page', overlay: 'dark', columns: 3 },
      { title: 'New title', ctaLink: '/new-page', overlay: 'light', columns: 4 },
    );
    expect(changes.map((change) => [change.label, change.format, change.runs === null])).toEqual([
      ['Title', 'text', false],
      ['Columns', 'value', true],
      ['CTA link', 'value', true],
      ['Overlay', 'value', true],
    ]);
    expect(changes.find((change) => change.name === 'columns')).toMatchObject({ before: '3', after: '4' });
  });

  it('names list items and nested fields, and matches list items that only moved or were inserted', () => {
    const card = (title: string, description = '') => ({ title, description, highlights: [] as string[] });
    const before = {
      cards: [card('Angelita'), card('El Pit', 'Deep'), { ...card('Dos Ojos'), highlights: ['Caverns', 'Bats'] }],
      highlightBox: { text: 'Stay shallow', bgColor: 'bg-teal-100' },
    };
    const after = {
      cards: [
        card('Carwash'),
        card('Angelita'),
        card('El Pit', 'Very deep'),
        { ...card('Dos Ojos'), highlights: ['Caverns', 'Light'] },
      ],
      highlightBox: { text: 'Stay within your limits', bgColor: 'bg-teal-100' },
    };
    const changes = diffBlockData(before, after);
    expect(changes.map((change) => [change.name, change.label, change.change])).toEqual([
      ['cards[0]', 'Card 1', 'added'],
      ['cards[2].description', 'Card 3 › Description', 'changed'],
      ['cards[3].highlights', 'Card 4 › Highlights', 'changed'],
      ['highlightBox.text', 'Highlight box › Text', 'changed'],
    ]);
    expect(changes[0]).toMatchObject({ after: 'Carwash', runs: [{ kind: 'added', text: 'Carwash' }] });
    expect(changes[2]?.runs).toEqual([
      { kind: 'same', text: 'Caverns' },
      { kind: 'removed', text: 'Bats' },
      { kind: 'added', text: 'Light' },
    ]);
  });

  it('reports a removed list item by its title', () => {
    const changes = diffBlockData(
      {
        images: [
          { url: '/media/a.jpg', title: 'Roots' },
          { url: '/media/b.jpg', title: '' },
        ],
      },
      { images: [{ url: '/media/a.jpg', title: 'Roots' }] },
    );
    expect(changes).toEqual([
      {
        name: 'images[1]',
        label: 'Image 2',
        change: 'removed',
        before: '/media/b.jpg',
        after: '',
        runs: [{ kind: 'removed', text: '/media/b.jpg' }],
        formattingOnly: false,
        format: 'text',
      },
    ]);
  });
});

describe('diffSnapshots', () => {
  it('finds nothing between equal snapshots, whatever the key order of jsonb', () => {
    const reordered = block(1, 1, 'hero', { ctaLink: '/dive', subtitle: 'South of Tulum', title: 'Dive the river' });
    const result = diffSnapshots(
      snapshot([hero, text]),
      snapshot([{ ...reordered, version: 7 }, text], {
        structured_data: { name: 'Cenote Angelita', '@type': 'TouristAttraction' },
      }),
    );
    expect(result.identical).toBe(true);
    expect(result.fields).toEqual([]);
  });

  it('lists changed page fields with before and after; structured data as JSON', () => {
    const result = diffSnapshots(
      snapshot([hero]),
      snapshot([hero], {
        title: 'Cenote Angelita, the river',
        slug: 'angelita',
        meta_description: null,
        structured_data: { '@type': 'TouristAttraction', name: 'Angelita' },
      }),
    );
    expect(result.identical).toBe(false);
    expect(result.fields.map((field) => [field.name, field.label, field.before, field.after])).toEqual([
      ['slug', 'Slug', 'cenote-angelita', 'angelita'],
      ['title', 'Title', 'Cenote Angelita', 'Cenote Angelita, the river'],
      ['meta_description', 'Meta description', 'The underwater river.', ''],
      [
        'structured_data',
        'Structured data (JSON-LD)',
        '{\n  "@type": "TouristAttraction",\n  "name": "Cenote Angelita"\n}',
        '{\n  "@type": "TouristAttraction",\n  "name": "Angelita"\n}',
      ],
    ]);
    // Words are split at spaces: 'Angelita,' is another word than 'Angelita'.
    expect(result.fields[1]?.runs).toEqual([
      { kind: 'same', text: 'Cenote' },
      { kind: 'removed', text: 'Angelita' },
      { kind: 'added', text: 'Angelita, the river' },
    ]);
    expect(result.fields[0]?.runs).toBeNull();
  });

  it('finds blocks added, removed, moved, shown, hidden and edited, labelled as in the admin', () => {
    const draftHero = { ...hero, block_data: { ...hero.block_data, title: 'Dive the underwater river' } };
    const gallery = block(5, 2, 'gallery', { title: 'Photos', images: [] });
    const added = block(4, 4, 'cta', { heading: 'Book a dive' });
    const result = diffSnapshots(
      snapshot([hero, gallery, { ...text, block_order: 3 }, { ...quote, block_order: 4, is_active: false }]),
      snapshot([
        { ...quote, block_order: 1 },
        { ...draftHero, block_order: 2, is_active: false },
        { ...gallery, block_order: 3 },
        added,
      ]),
    );
    expect(result.blocks.added).toEqual([
      { id: id(4), blockType: 'cta', label: 'Block 4: Call to action – Book a dive', position: 4 },
    ]);
    expect(result.blocks.removed).toEqual([
      { id: id(2), blockType: 'text', label: 'Block 3: Text – The cloud', position: 3 },
    ]);
    // The quote went to the top; the hero and the gallery kept their order (their numbers shift).
    expect(result.blocks.moved.map((moved) => [moved.label, moved.from, moved.to])).toEqual([
      ['Block 1: Quote – Like flying', 4, 1],
    ]);
    expect(result.blocks.activated.map((ref) => ref.id)).toEqual([id(3)]);
    expect(result.blocks.deactivated.map((ref) => ref.id)).toEqual([id(1)]);
    expect(result.blocks.changed).toHaveLength(1);
    expect(result.blocks.changed[0]?.label).toBe('Block 2: Hero – Dive the underwater river');
    expect(result.blocks.changed[0]?.fields.map((field) => [field.label, field.runs])).toEqual([
      [
        'Title',
        [
          { kind: 'same', text: 'Dive the' },
          { kind: 'added', text: 'underwater' },
          { kind: 'same', text: 'river' },
        ],
      ],
    ]);
  });

  it('does not count shifted positions as moves when a block is inserted above', () => {
    const result = diffSnapshots(
      snapshot([hero, text, quote]),
      snapshot([
        block(9, 1, 'quote', { quote: 'New', author: 'Me' }),
        { ...hero, block_order: 2 },
        { ...text, block_order: 3 },
        { ...quote, block_order: 4 },
      ]),
    );
    expect(result.blocks.moved).toEqual([]);
    expect(result.blocks.added.map((ref) => ref.position)).toEqual([1]);
  });

  it('reads revisions whose snapshot lacks a field as empty', () => {
    const old = snapshot([hero]);
    const partial = { ...old, page: { ...old.page } } as PageSnapshot;
    delete (partial.page as Partial<SnapshotPage>).og_title;
    expect(diffSnapshots(partial, old).identical).toBe(true);
  });
});
