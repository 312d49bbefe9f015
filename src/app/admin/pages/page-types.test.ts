import { describe, expect, it } from 'vitest';
import { pageTypeOptions } from './page-types';

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
