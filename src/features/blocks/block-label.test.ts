import { describe, expect, it } from 'vitest';
import { blockHeadline, blockLabel, blockSpokenName } from './block-label';

describe('block names', () => {
  it('a block is named by its headline, else the first words of its text, else its first item', () => {
    expect(blockHeadline({ title: 'Cenote Nicte Ha', subtitle: 'Lily pads' })).toBe('Cenote Nicte Ha');
    expect(blockHeadline({ heading: '', content: '<p>Three lights per diver &amp; a guideline.</p>' })).toBe(
      'Three lights per diver & a guideline.',
    );
    expect(
      blockHeadline({ content: '<p>One third in,</p><p>one third out, one third in reserve for the way back.</p>' }),
    ).toBe('One third in, one third out, one third…');
    expect(blockHeadline({ title: ' ', cards: [{ title: 'Dos Ojos' }, { title: 'Angelita' }] })).toBe('Dos Ojos');
    expect(blockHeadline({ images: [] })).toBe('');
  });

  it('announcements say the type and the headline; the row label keeps its position', () => {
    const hero = { block_type: 'hero', block_data: { title: 'Cenote Nicte Ha' } };
    expect(blockSpokenName(hero)).toBe('Hero block “Cenote Nicte Ha”');
    expect(blockSpokenName({ block_type: 'quote', block_data: {} })).toBe('Quote block');
    expect(blockSpokenName({ block_type: 'legacy', block_data: {} })).toBe('legacy (unknown type) block');
    expect(blockLabel(hero, 2)).toBe('Block 2: Hero – Cenote Nicte Ha');
  });
});
