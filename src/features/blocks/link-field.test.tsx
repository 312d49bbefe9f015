import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LinkField } from './link-field';
import { PageLinkSearchContext, type PageLinkSearch } from './page-link-search';

const noPages: PageLinkSearch = { search: () => Promise.resolve([]) };

const field = (
  <LinkField
    id="hero-ctaLink"
    label="Button link"
    value="/safety-guidelines"
    onChange={() => {}}
    hint="A site path like /safety-guidelines."
    error="Use a site path."
  />
);

describe('LinkField', () => {
  it('is a collapsed APG combobox that controls its (hidden) list of pages when pages can be searched', () => {
    const html = renderToStaticMarkup(
      <PageLinkSearchContext.Provider value={noPages}>{field}</PageLinkSearchContext.Provider>,
    );
    const input = /<input[^>]*>/.exec(html)?.[0] ?? '';
    expect(input).toContain('id="hero-ctaLink"');
    expect(input).toContain('role="combobox"');
    expect(input).toContain('aria-autocomplete="list"');
    expect(input).toContain('aria-expanded="false"');
    expect(input).toContain('aria-controls="hero-ctaLink-pages"');
    expect(input).not.toContain('aria-activedescendant');
    expect(input).toContain('aria-describedby="hero-ctaLink-hint hero-ctaLink-error"');
    expect(input).toContain('aria-invalid="true"');
    expect(input).toContain('value="/safety-guidelines"');
    expect(html).toMatch(/<ul id="hero-ctaLink-pages" role="listbox" aria-label="Pages" hidden=""/);
    expect(html).toContain('<label for="hero-ctaLink"');
    expect(html).toContain('Type a page title to pick a page. A site path like /safety-guidelines.');
  });

  it('is a plain text input without a page search (public site, tests)', () => {
    const html = renderToStaticMarkup(field);
    expect(html).not.toContain('role="combobox"');
    expect(html).not.toContain('role="listbox"');
    expect(html).toContain('id="hero-ctaLink"');
    expect(html).not.toContain('Type a page title');
  });
});
