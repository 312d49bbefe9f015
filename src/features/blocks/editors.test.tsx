import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cardSchema } from './cards/block';
import { maxHighlightLength, maxHighlights } from './cards/editor';
import { BlockDataEditor, blockEditors, prepareBlockData } from './editors';
import { blockDefinitions, blockTypes, type BlockType } from './registry';

/** Data with list items, so the item editors render too. */
const samples: { [T in BlockType]: Record<string, unknown> } = {
  hero: {
    title: 'Cenote Diving',
    subtitle: 'Fresh water, light beams.',
    ctaText: 'Start',
    ctaLink: '/introduction-to-cenote-diving',
    overlay: 'light',
    backgroundImage: '/media/seed/cavern-light-beams.jpg',
  },
  text: {
    heading: 'A Dive Into the Ground',
    content: '<p>Most diving happens in the <a href="/sea">sea</a>.</p>',
    image: 'https://example.org/a.jpg',
    imagePosition: 'left',
  },
  gallery: {
    title: 'Gallery',
    columns: 4,
    images: [
      { url: '/media/seed/cenote-dos-ojos.jpg', title: 'Dos Ojos', description: 'Two eyes' },
      { url: '/media/seed/cenote-el-pit.jpg', title: '', description: '' },
    ],
  },
  cards: {
    title: 'Cenotes',
    columns: 2,
    cards: [
      {
        title: 'Dos Ojos',
        description: 'Twin cenotes',
        image: '/media/seed/cenote-dos-ojos.jpg',
        link: '/cenote-dos-ojos',
        difficulty: 'Beginner',
        depth: '5-10 m',
        highlights: ['Cavern', 'Light beams'],
      },
      { title: 'El Pit', highlights: [] },
      { title: 'Angelita' },
    ],
  },
  cta: {
    heading: 'Ready?',
    content: 'Come diving.',
    backgroundColor: 'bg-teal-50',
    highlightBox: { text: 'Book early', bgColor: 'bg-amber-100', textColor: 'text-amber-900' },
    ctaButton: { text: 'Contact', link: '/contact' },
  },
  features: {
    title: 'Three Kinds',
    columns: 2,
    features: [
      { icon: 'sun', title: 'Open water', description: 'Sky above.' },
      { icon: '', title: 'Cave', description: '' },
    ],
  },
  facts: {
    title: 'At a glance',
    description: 'The essentials.',
    facts: [
      { icon: 'waves-arrow-down', label: 'Depth Range', value: '5-10 m' },
      { icon: '', label: 'Location', value: 'Tulum' },
    ],
  },
  quote: { quote: 'The cenote is where the sky comes down to drink.', author: 'Someone' },
};

function render(type: string, value: Record<string, unknown>, errors: Record<string, string> = {}) {
  return renderToStaticMarkup(
    <BlockDataEditor type={type} value={value} onChange={() => {}} errors={errors} idPrefix="b1" />,
  );
}

/** Every form control's id (hidden inputs aside), in document order. */
function controlIds(html: string): Array<string | null> {
  return [...html.matchAll(/<(input|textarea|select)\b([^>]*)>/g)]
    .filter(([, , attributes]) => !/\btype="hidden"/.test(attributes ?? ''))
    .map(([, , attributes]) => /\bid="([^"]+)"/.exec(attributes ?? '')?.[1] ?? null);
}

function labelTargets(html: string): string[] {
  return [...html.matchAll(/<label\b[^>]*\bfor="([^"]+)"/g)].map((match) => match[1] ?? '');
}

function allIds(html: string): string[] {
  return [...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1] ?? '');
}

function expectLabelledControls(html: string) {
  const ids = controlIds(html);
  expect(ids.length).toBeGreaterThan(0);
  expect(ids).not.toContain(null);
  const labels = labelTargets(html);
  expect(labels.length).toBe(ids.length);
  expect(new Set(labels)).toEqual(new Set(ids));
  const every = allIds(html);
  expect(every.length, 'element ids are unique').toBe(new Set(every).size);
  // Every id an ARIA attribute points to exists (dnd-kit adds its instructions once mounted).
  for (const [, , refs] of html.matchAll(/\saria-(labelledby|describedby|controls)="([^"]+)"/g)) {
    for (const ref of (refs ?? '').split(' ')) {
      if (!ref.startsWith('DndDescribedBy-')) expect(every, `aria reference ${ref}`).toContain(ref);
    }
  }
}

describe('block editor registry', () => {
  it('has exactly one editor per block type', () => {
    expect(Object.keys(blockEditors).sort()).toEqual([...blockTypes].sort());
  });

  it.each(blockTypes)('renders the %s defaults with a label for every control', (type) => {
    const html = render(type, blockDefinitions[type].defaults as Record<string, unknown>);
    expect(html).not.toContain('as JSON');
    expectLabelledControls(html);
  });

  it.each(blockTypes)('renders %s data with list items with a label for every control', (type) => {
    const html = render(type, samples[type]);
    expect(html).not.toContain('as JSON');
    expectLabelledControls(html);
  });

  it.each(blockTypes)('renders %s from empty data (the add-block dialog sends {})', (type) => {
    expectLabelledControls(render(type, {}));
  });
});

describe('item lists', () => {
  it('names items, their buttons and their fields by position and title', () => {
    const html = render('cards', samples.cards);
    expect(html).toContain('Card 1: Dos Ojos');
    expect(html).toContain('Card 2: El Pit');
    expect(html).toContain('aria-label="Remove card 3"');
    expect(html).toContain('aria-label="Move card 2 up"');
    expect(html).toContain('aria-label="Move card 2 down"');
    expect(html).toContain('aria-label="Reorder card 1"');
    expect(html).toContain('aria-roledescription="sortable"');
    expect(html).toContain('aria-label="Remove highlight Light beams"');
    expect(html).toContain('Add card');
    // The first item cannot move up, the last cannot move down, without losing focus.
    expect(html).toMatch(
      /aria-label="Move card 1 up"[^>]*aria-disabled="true"|aria-disabled="true"[^>]*aria-label="Move card 1 up"/,
    );
  });

  it('names gallery images by title or file name, and features by title', () => {
    expect(render('gallery', samples.gallery)).toContain('Image 2: cenote-el-pit.jpg');
    const features = render('features', samples.features);
    expect(features).toContain('Feature 1: Open water');
    expect(features).toContain('aria-label="Icon of feature 1: Sunlight"');
    expect(features).toContain('aria-label="Icon of feature 2: No icon"');
    const facts = render('facts', samples.facts);
    expect(facts).toContain('Fact 1: Depth Range: 5-10 m');
    expect(facts).toContain('aria-label="Icon of fact 1: Depth"');
  });

  it('shows an empty state and the add button for an empty list', () => {
    const html = render('gallery', blockDefinitions.gallery.defaults);
    expect(html).toContain('No images yet.');
    expect(html).toContain('Add image');
  });
});

describe('field errors', () => {
  it('shows server errors under the matching inputs, inside lists too', () => {
    const html = render('cards', samples.cards, {
      title: 'Too long',
      'cards.1.title': 'Give the card a title',
      'cards.0.highlights.1': 'Too big',
      'cards.2.link': 'Use a site path',
    });
    expect(html).toContain('Too long');
    expect(html).toContain('Give the card a title');
    expect(html).toContain('Highlight 2: Too big');
    expect(html).toContain('Use a site path');
    expect(html).toContain('Has errors');
    expectLabelledControls(html);
  });

  it('shows nested errors of the cta block', () => {
    const html = render('cta', samples.cta, { 'ctaButton.link': 'Bad link', 'highlightBox.text': 'Too long' });
    expect(html).toContain('Bad link');
    expect(html).toContain('Too long');
    expect(html.match(/aria-invalid="true"/g)?.length).toBe(2);
  });
});

describe('friendly names', () => {
  it('names the cta colours instead of showing classes', () => {
    const html = render('cta', samples.cta);
    for (const name of [
      'White',
      'Light gray',
      'Light teal',
      'Light blue',
      'Teal',
      'Amber',
      'Dark teal',
      'Near black',
    ]) {
      expect(html).toContain(`${name}</label>`);
    }
  });
});

describe('text editor', () => {
  it('has a labelled formatting toolbar with toggle states', () => {
    const html = render('text', samples.text);
    for (const label of [
      'Heading 2',
      'Heading 3',
      'Bold',
      'Italic',
      'Link',
      'Bullet list',
      'Numbered list',
      'Blockquote',
    ]) {
      expect(html).toContain(`aria-label="${label}"`);
    }
    expect(html).toContain('aria-label="Undo"');
    expect(html).toContain('aria-label="Redo"');
    expect(html).toContain('role="toolbar"');
    expect(html).toContain('aria-pressed="false"');
    expect(html).toContain('id="b1-content-label"');
  });
});

describe('unknown types and data that does not fit', () => {
  it('edits an unknown type as JSON', () => {
    const html = render('map', { lat: 20.5, lng: -87.3 }, { lat: 'Out of range' });
    expect(html).toContain('is not a block type');
    expect(html).toContain('&quot;lat&quot;: 20.5');
    expect(html).toContain('Out of range');
    expectLabelledControls(html);
  });

  it('falls back to JSON with the problems listed when stored data does not fit', () => {
    const html = render('cards', { cards: 'not a list' });
    expect(html).toContain('does not fit the Cards form');
    expect(html).toContain('cards: ');
    expectLabelledControls(html);
  });
});

describe('prepareBlockData', () => {
  it('fills every field of stored data from the schema', () => {
    const prepared = prepareBlockData('cards', { cards: [{ title: 'Dos Ojos' }] });
    expect(prepared).toMatchObject({ kind: 'typed', data: { title: 'Featured Cards', columns: 3 } });
    if (prepared.kind === 'typed') expect(prepared.data['cards']).toEqual([cardSchema.parse({ title: 'Dos Ojos' })]);
  });

  it("passes the form's own output through untouched while the user types", () => {
    const draft = { ...blockDefinitions.cards.defaults, title: 'Cenotes ', cards: [cardSchema.parse({ title: 'x' })] };
    draft.cards[0]!.title = '';
    expect(prepareBlockData('cards', draft, true)).toEqual({ kind: 'typed', type: 'cards', data: draft });
    expect(prepareBlockData('cards', draft).kind).toBe('mismatch');
  });

  it('reports unknown types', () => {
    expect(prepareBlockData('map', {})).toEqual({ kind: 'unknown' });
    expect(prepareBlockData('constructor', {})).toEqual({ kind: 'unknown' });
  });
});

describe('highlight limits', () => {
  it('match the card schema', () => {
    const ok = Array.from({ length: maxHighlights }, (_, i) => `${i}`.padEnd(maxHighlightLength, 'x'));
    expect(cardSchema.safeParse({ title: 'x', highlights: ok }).success).toBe(true);
    expect(
      cardSchema.safeParse({ title: 'x', highlights: [...ok.slice(1), 'y'.repeat(maxHighlightLength + 1)] }).success,
    ).toBe(false);
    expect(cardSchema.safeParse({ title: 'x', highlights: [...ok, 'z'] }).success).toBe(false);
  });
});
