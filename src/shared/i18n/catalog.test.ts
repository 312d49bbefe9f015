import { describe, expect, it } from 'vitest';
import { en } from './en';
import { es } from './es';
import { catalogs, siteText } from './site-text';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('the catalogs', () => {
  it('have the same keys in English and Spanish', () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(catalogs).sort()).toEqual(['en', 'es']);
  });

  it('have no empty text in either language', () => {
    for (const catalog of [en, es]) {
      for (const [key, text] of Object.entries(catalog)) expect(text.trim(), key).not.toBe('');
    }
  });

  it('use the same placeholders in both languages', () => {
    for (const key of Object.keys(en) as Array<keyof typeof en>) {
      // A zero form may say 'none' instead of the number.
      if (key.endsWith('_zero')) continue;
      expect(placeholders(es[key]), key).toEqual(placeholders(en[key]));
    }
  });
});

describe('siteText', () => {
  it('reads plain texts at once, in each language, English by default', () => {
    expect(siteText('en')('layout.skipToContent')).toBe('Skip to content');
    expect(siteText('es')('layout.skipToContent')).toBe('Saltar al contenido');
    expect(siteText('es')('search.label')).toBe('Buscar');
    expect(siteText('es')('notFound.heading')).toBe('¡Uy! Página no encontrada');
    expect(siteText()('header.menu')).toBe('Menu');
  });

  it('fills in values in both languages, without escaping them (React does)', () => {
    expect(siteText('en')('header.homeLabel', { siteTitle: 'Cenote Atlas' })).toBe('Cenote Atlas home');
    expect(siteText('es')('header.homeLabel', { siteTitle: 'Cenote Atlas' })).toBe('Inicio de Cenote Atlas');
    expect(siteText('en')('footer.copyright', { year: 2026, siteTitle: 'A & B' })).toBe(
      '© 2026 A & B. All rights reserved.',
    );
    expect(siteText('es')('footer.copyright', { year: 2026, siteTitle: 'A & B' })).toBe(
      '© 2026 A & B. Todos los derechos reservados.',
    );
    expect(siteText('es')('searchPage.resultsFor', { query: '<b>{{x}}</b> $t(header.menu)' })).toBe(
      'Resultados para “<b>{{x}}</b> $t(header.menu)”',
    );
  });

  it('picks plural forms by count', () => {
    const [english, spanish] = [siteText('en'), siteText('es')];
    expect([0, 1, 2].map((count) => english('searchPage.matches', { count }))).toEqual([
      '0 pages match.',
      '1 page matches.',
      '2 pages match.',
    ]);
    expect([0, 1, 7].map((count) => spanish('searchPage.matches', { count }))).toEqual([
      'No se encontró ninguna página.',
      'Se encontró 1 página.',
      'Se encontraron 7 páginas.',
    ]);
    expect(english('toc.sections', { count: 5 })).toBe('5 sections');
    expect(spanish('toc.sections', { count: 5 })).toBe('5 secciones');
    // Spanish has a 'many' form for millions (its own catalog entry).
    expect(spanish('toc.sections', { count: 1_000_000 })).toBe('1000000 secciones');
  });

  it('keeps the English texts the site showed before the catalogs', () => {
    const t = siteText('en');
    expect(t('search.placeholder')).toBe('Search cenotes...');
    expect(t('notFound.backHome')).toBe('Return to Home');
    expect(t('footer.partners')).toBe('Our Partners & Sponsors');
    expect(t('blocks.gallery.openTitledImage', { number: 1, count: 6, title: 'Dos Ojos' })).toBe(
      'Open image 1 of 6: Dos Ojos',
    );
  });
});
