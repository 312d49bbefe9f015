import { describe, expect, it } from 'vitest';
import { errorsUnder, hasErrorsUnder } from './field-errors';

const errors = {
  title: 'Too long',
  cards: 'Too many cards',
  'cards.2.title': 'Give the card a title',
  'cards.2.highlights.1': 'Too long',
  'cards.12.link': 'Bad link',
};

describe('errorsUnder', () => {
  it('re-bases the paths below a prefix', () => {
    expect(errorsUnder(errors, 'cards.2')).toEqual({ title: 'Give the card a title', 'highlights.1': 'Too long' });
    expect(errorsUnder(errors, 'cards.1')).toEqual({});
    expect(errorsUnder(errors, 'cards')['']).toBe('Too many cards');
    expect(errorsUnder(errors, 'cards')['12.link']).toBe('Bad link');
  });

  it('does not confuse cards.1 with cards.12', () => {
    expect(hasErrorsUnder(errors, 'cards.1')).toBe(false);
    expect(hasErrorsUnder(errors, 'cards.12')).toBe(true);
    expect(hasErrorsUnder(errors, 'images')).toBe(false);
  });
});
