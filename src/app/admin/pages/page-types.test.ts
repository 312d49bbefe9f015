import { describe, expect, it } from 'vitest';
import { counterpartOf, pageTypeOptions } from './page-types';

describe('page type choices', () => {
  it('offers the known types, and keeps an unknown type of the page as an extra choice', () => {
    const known = [
      { value: 'standard', label: 'Standard' },
      { value: 'cenote', label: 'Cenote' },
      { value: 'legal', label: 'Legal' },
    ];
    expect(pageTypeOptions('cenote')).toEqual(known);
    expect(pageTypeOptions('')).toEqual(known);
    expect(pageTypeOptions('landing')).toEqual([...known, { value: 'landing', label: 'landing (not a known type)' }]);
  });
});

describe('the page in the other language', () => {
  const entry = (id: string, locale: 'en' | 'es') => ({
    id,
    locale,
    slug: 'dos-ojos',
    path: locale === 'es' ? '/es/dos-ojos' : '/dos-ojos',
    title: 'Dos Ojos',
    is_published: true,
    has_unpublished_changes: false,
    out_of_date: false,
  });

  it("is an English page's Spanish entry and a Spanish page's English one; none without translations", () => {
    expect(counterpartOf({ locale: 'en', translations: [entry('b', 'es')] })?.id).toBe('b');
    expect(counterpartOf({ locale: 'es', translations: [entry('a', 'en')] })?.id).toBe('a');
    expect(counterpartOf({ locale: 'en', translations: [] })).toBeUndefined();
    expect(counterpartOf({ locale: 'en' })).toBeUndefined();
  });
});
