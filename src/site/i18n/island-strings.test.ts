import { describe, expect, it } from 'vitest';
import { otherLocale, siteText } from '../../shared/i18n/site-text';
import { headerStrings, languageSwitchLink } from './island-strings';

describe('the texts islands get as props', () => {
  it('header: the account label keeps a {name} slot for the browser', () => {
    const strings = headerStrings(siteText('es'), 'Cenote Atlas');
    expect(strings.homeLabel).toBe('Inicio de Cenote Atlas');
    expect(strings.search.placeholder).toBe('Buscar cenotes…');
    expect(strings.account.menuLabel).toBe('Cuenta: {name}');
    expect(headerStrings(siteText('en'), 'Cenote Atlas').account.menuLabel).toBe('Account: {name}');
  });

  it('language switch: the same page in the other language, else its home, named in that language', () => {
    expect(otherLocale('en')).toBe('es');
    expect(otherLocale('es')).toBe('en');
    expect(languageSwitchLink('es', { en: '/cenote-dos-ojos', es: '/es/cenote-dos-ojos' })).toEqual({
      href: '/cenote-dos-ojos',
      lang: 'en',
      name: 'English',
      label: 'Read this page in English',
    });
    expect(languageSwitchLink('en', { en: '/safety-guidelines', es: '/es/guia-de-seguridad' })).toEqual({
      href: '/es/guia-de-seguridad',
      lang: 'es',
      name: 'Español',
      label: 'Leer esta página en español',
    });
    expect(languageSwitchLink('en')).toEqual({
      href: '/es',
      lang: 'es',
      name: 'Español',
      label: 'Ir al sitio en español',
    });
    expect(languageSwitchLink('es', { es: '/es/buscar' })).toMatchObject({
      href: '/',
      label: 'Go to the English site',
    });
  });
});
