import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SiteChrome } from '../features/site-data/site-types';
import { SiteFooter } from './components/site-footer';
import { SiteHeaderIsland, SiteLayout } from './components/site-layout';
import { ChromeMarkupMemo } from './chrome-markup-memo.server';
import { SiteLocaleProvider } from '../shared/i18n/site-locale';

const chrome: SiteChrome = {
  siteTitle: 'Cenote Atlas',
  siteDescription: 'Cave and cavern diving in the Yucatán.',
  header: [
    {
      title: 'Cenotes',
      href: '/notable-cenotes',
      description: null,
      children: [
        { title: 'Dos Ojos', href: '/cenote-dos-ojos', description: 'Two eyes, one cave.', children: [] },
        { title: 'The Pit', href: '/cenote-el-pit', description: null, children: [] },
      ],
    },
    { title: 'Safety', href: '/safety-guidelines', description: null, children: [] },
  ],
  footer: [{ title: 'Privacy', href: '/privacy-policy', description: null, children: [] }],
  social: { twitter: null, facebook: null, instagram: null, youtube: null },
  year: 2026,
};

const alternatesOf = (path: string) => ({ es: `/es${path}` });

/** The page rendered whole, as previews and drafts are. */
function inPlace(siteChrome: SiteChrome, path: string): string {
  return renderToString(
    <SiteLayout chrome={siteChrome} currentPath={path} locale="en" alternates={alternatesOf(path)}>
      <p>Content</p>
    </SiteLayout>,
  );
}

/** The page as live pages are composed: the layout with slots, filled with the kept markup. */
function composed(memo: ChromeMarkupMemo, siteChrome: SiteChrome, path: string): string {
  const layout = renderToString(
    <SiteLayout
      chrome={siteChrome}
      currentPath={path}
      locale="en"
      alternates={alternatesOf(path)}
      slots={{ header: 'HEADER-SLOT', footer: 'FOOTER-SLOT' }}
    >
      <p>Content</p>
    </SiteLayout>,
  );
  const header = memo.bytes(siteChrome, path, () => (
    <SiteHeaderIsland chrome={siteChrome} currentPath={path} locale="en" alternates={alternatesOf(path)} />
  ));
  const footer = memo.bytes(siteChrome, 'footer', () => (
    <SiteLocaleProvider locale="en">
      <SiteFooter chrome={siteChrome} />
    </SiteLocaleProvider>
  ));
  return layout.replace('HEADER-SLOT', header.toString()).replace('FOOTER-SLOT', footer.toString());
}

describe('the chrome’s markup, kept per chrome (ADR 048)', () => {
  it('gives the same bytes as the header and footer rendered in the page', () => {
    const memo = new ChromeMarkupMemo(8);
    const whole = inPlace(chrome, '/cenote-dos-ojos');
    expect(whole).toContain('href="/cenote-dos-ojos" aria-current="page"');
    expect(composed(memo, chrome, '/cenote-dos-ojos')).toBe(whole);
    // From memory the second time, still the same bytes.
    expect(composed(memo, chrome, '/cenote-dos-ojos')).toBe(whole);
    expect(memo.sizeOf(chrome)).toBe(2);
    // Another page marks itself.
    expect(composed(memo, chrome, '/cenote-el-pit')).toBe(inPlace(chrome, '/cenote-el-pit'));
  });

  it('renders only when it has no markup for the key', () => {
    const memo = new ChromeMarkupMemo(8);
    let rendered = 0;
    const element = () => {
      rendered++;
      return <p>Footer</p>;
    };
    const first = memo.bytes(chrome, 'footer', element);
    expect(memo.bytes(chrome, 'footer', element)).toBe(first);
    expect(rendered).toBe(1);
    expect(first.toString()).toBe('<p>Footer</p>');
  });

  it('never answers a new chrome with the old one’s markup', () => {
    const memo = new ChromeMarkupMemo(8);
    expect(composed(memo, chrome, '/')).toContain('>Safety<');
    const renamed: SiteChrome = {
      ...chrome,
      header: [...chrome.header.slice(0, 1), { ...chrome.header[1]!, title: 'Dive safety' }],
    };
    const after = composed(memo, renamed, '/');
    expect(after).toContain('Dive safety');
    expect(after).toBe(inPlace(renamed, '/'));
  });

  it('keeps at most its limit per chrome, dropping the least recently used', () => {
    const memo = new ChromeMarkupMemo(2);
    const mark = (text: string) => () => <p>{text}</p>;
    memo.bytes(chrome, 'a', mark('a'));
    memo.bytes(chrome, 'b', mark('b'));
    memo.bytes(chrome, 'a', mark('a again'));
    memo.bytes(chrome, 'c', mark('c'));
    expect(memo.sizeOf(chrome)).toBe(2);
    // 'b' went; 'a' (used again) stayed.
    expect(memo.bytes(chrome, 'a', mark('new')).toString()).toBe('<p>a</p>');
    expect(memo.bytes(chrome, 'b', mark('new b')).toString()).toBe('<p>new b</p>');
  });
});
