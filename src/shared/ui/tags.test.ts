import { describe, expect, it } from 'vitest';
import { addTags, splitTypedTags } from './tags';

const rules = { max: 3, maxLength: 10, noun: 'highlight' };

describe('addTags', () => {
  it('adds trimmed, comma-separated tags and skips blanks', () => {
    expect(addTags([], '  Cave ,, Halocline  ', rules)).toEqual({ tags: ['Cave', 'Halocline'], rest: '', error: null });
    expect(addTags(['A'], '   ', rules)).toEqual({ tags: ['A'], rest: '', error: null });
  });

  it('collapses inner whitespace', () => {
    expect(addTags([], 'Open   water', rules).tags).toEqual(['Open water']);
  });

  it('refuses duplicates, case-insensitively, and says so', () => {
    const result = addTags(['Cave'], 'cave', rules);
    expect(result.tags).toEqual(['Cave']);
    expect(result.rest).toBe('');
    expect(result.error).toBe('“cave” is already a highlight.');
  });

  it('keeps a tag that is too long in the input with a message', () => {
    const result = addTags([], 'Ok, Far too long a tag', rules);
    expect(result.tags).toEqual(['Ok']);
    expect(result.rest).toBe('Far too long a tag');
    expect(result.error).toMatch(/at most 10 characters/);
  });

  it('stops at the maximum and keeps the rest', () => {
    const result = addTags(['A', 'B'], 'C, D, E', rules);
    expect(result.tags).toEqual(['A', 'B', 'C']);
    expect(result.rest).toBe('D, E');
    expect(result.error).toBe('At most 3 highlights: remove one first.');
  });

  it('accepts a tag of exactly the maximum length', () => {
    expect(addTags([], '0123456789', rules).tags).toEqual(['0123456789']);
  });
});

describe('splitTypedTags', () => {
  it('splits at the last comma', () => {
    expect(splitTypedTags('Cave')).toEqual({ complete: '', typing: 'Cave' });
    expect(splitTypedTags('Cave,')).toEqual({ complete: 'Cave', typing: '' });
    expect(splitTypedTags('Cave, Halo, Li')).toEqual({ complete: 'Cave, Halo', typing: 'Li' });
  });
});
