import { describe, expect, it } from 'vitest';
import { featureSchema } from './block';
import { iconChoices, limitIcon, maxIconLength } from './icon';

describe('limitIcon', () => {
  it('keeps up to two visible characters', () => {
    expect(limitIcon('🤿')).toBe('🤿');
    expect(limitIcon('🤿🌊🐟')).toBe('🤿🌊');
    expect(limitIcon('abc')).toBe('ab');
    expect(limitIcon('  🗺️ ')).toBe('🗺️');
    expect(limitIcon('')).toBe('');
  });

  it('keeps emoji with modifiers whole, within the schema length', () => {
    const family = '👨‍👩‍👧‍👦';
    expect(limitIcon(family)).toBe(family);
    expect(limitIcon(family + family).length).toBeLessThanOrEqual(maxIconLength);
    expect(limitIcon('🏛️⚠️')).toBe('🏛️⚠️');
  });

  it('offers only icons the schema accepts', () => {
    expect(new Set(iconChoices.map((choice) => choice.emoji)).size).toBe(iconChoices.length);
    for (const { emoji } of iconChoices) {
      expect(limitIcon(emoji)).toBe(emoji);
      expect(featureSchema.safeParse({ icon: emoji, title: 'x' }).success).toBe(true);
    }
  });
});
