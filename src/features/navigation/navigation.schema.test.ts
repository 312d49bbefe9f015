import { describe, expect, it } from 'vitest';
import { isNavigationLink, navigationItemInputSchema, navigationMessages } from './navigation.schema';

describe('isNavigationLink', () => {
  it.each(['/', '/cenote-diving', '/search?q=dos+ojos', '/page#part', 'https://example.com', 'http://example.com/x'])(
    'accepts %s',
    (value) => expect(isNavigationLink(value)).toBe(true),
  );

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,<b>hi</b>',
    'vbscript:msgbox(1)',
    'mailto:someone@example.com',
    'ftp://example.com/file',
    '//evil.example',
    '/\\evil.example',
    '/with space',
    'cenote-diving',
    'https://',
    '#anchor',
    '',
  ])('refuses %s', (value) => expect(isNavigationLink(value)).toBe(false));
});

describe('navigationItemInputSchema', () => {
  it('trims, stores an empty description as null, and puts the item in the English menus unless told', () => {
    expect(
      navigationItemInputSchema.parse({
        title: ' Diving ',
        link_url: ' /cenote-diving ',
        description: '',
        menu_type: 'footer',
      }),
    ).toEqual({ title: 'Diving', link_url: '/cenote-diving', description: null, menu_type: 'footer', locale: 'en' });
    expect(
      navigationItemInputSchema.parse({
        title: 'Buceo',
        link_url: '/es/buceo-en-cenotes',
        menu_type: 'header',
        locale: 'es',
      }).locale,
    ).toBe('es');
    expect(
      navigationItemInputSchema.safeParse({ title: 'Tauchen', link_url: '/de', menu_type: 'header', locale: 'de' })
        .success,
    ).toBe(false);
  });

  it('uses the spec message for a blank title or URL', () => {
    for (const input of [
      { title: ' ', link_url: '/x' },
      { title: 'x', link_url: '' },
    ]) {
      const result = navigationItemInputSchema.safeParse({ ...input, menu_type: 'header' });
      expect(result.error?.issues[0]?.message).toBe(navigationMessages.missing);
    }
  });
});
