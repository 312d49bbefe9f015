import { describe, expect, it } from 'vitest';
import { breadcrumbJsonLd, breadcrumbTrail } from './breadcrumbs';
import type { SiteNavItem } from '../features/site-data/site-types';

const item = (title: string, href: string, children: SiteNavItem[] = []): SiteNavItem => ({
  title,
  href,
  description: null,
  children,
});

const header = [
  item('Diving', '/cenote-diving', [
    item('Cenote Diving', '/cenote-diving'),
    item('Safety Guidelines', '/safety-guidelines'),
    item('Deeper', '/deeper', [item('Sidemount', '/sidemount')]),
  ]),
  item('Partners', 'https://example.org/partners', [item('Shops', '/dive-shops')]),
  item('Contact', '/contact'),
];

describe('breadcrumbTrail', () => {
  it('puts the header section a page sits under between Home and the page', () => {
    expect(breadcrumbTrail(header, '/safety-guidelines', 'Safety Guidelines')).toEqual([
      { title: 'Home', href: '/' },
      { title: 'Diving', href: '/cenote-diving' },
      { title: 'Safety Guidelines', href: '/safety-guidelines' },
    ]);
  });

  it('follows deeper menus, outermost section first', () => {
    expect(breadcrumbTrail(header, '/sidemount', 'Sidemount').map((crumb) => crumb.href)).toEqual([
      '/',
      '/cenote-diving',
      '/deeper',
      '/sidemount',
    ]);
  });

  it('leaves out a parent that is the page itself or lies off the site', () => {
    expect(breadcrumbTrail(header, '/cenote-diving', 'Cenote Diving').map((crumb) => crumb.title)).toEqual([
      'Home',
      'Cenote Diving',
    ]);
    expect(breadcrumbTrail(header, '/dive-shops', 'Dive Shops').map((crumb) => crumb.title)).toEqual([
      'Home',
      'Dive Shops',
    ]);
  });

  it('gives a page outside the navigation Home and its title', () => {
    expect(breadcrumbTrail(header, '/cenote-chikin-ha', 'Cenote Chikin Ha')).toEqual([
      { title: 'Home', href: '/' },
      { title: 'Cenote Chikin Ha', href: '/cenote-chikin-ha' },
    ]);
  });

  it('starts a Spanish trail at the Spanish home page', () => {
    const spanish = [
      item('Inicio', '/es'),
      item('Buceo', '/es/buceo-en-cenotes', [item('Guía de seguridad', '/es/guia-de-seguridad')]),
    ];
    expect(breadcrumbTrail(spanish, '/es/guia-de-seguridad', 'Guía de seguridad', 'es')).toEqual([
      { title: 'Inicio', href: '/es' },
      { title: 'Buceo', href: '/es/buceo-en-cenotes' },
      { title: 'Guía de seguridad', href: '/es/guia-de-seguridad' },
    ]);
  });
});

describe('breadcrumbJsonLd', () => {
  it('is a schema.org BreadcrumbList with absolute addresses', () => {
    const trail = breadcrumbTrail(header, '/safety-guidelines', 'Safety Guidelines');
    expect(breadcrumbJsonLd(trail, 'https://cenoteatlas.test')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://cenoteatlas.test/' },
        { '@type': 'ListItem', position: 2, name: 'Diving', item: 'https://cenoteatlas.test/cenote-diving' },
        {
          '@type': 'ListItem',
          position: 3,
          name: 'Safety Guidelines',
          item: 'https://cenoteatlas.test/safety-guidelines',
        },
      ],
    });
  });
});
