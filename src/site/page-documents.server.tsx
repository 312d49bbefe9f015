import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { ComposedHtml } from '../features/page-cache/page-cache.server';
import type { Alternates, Chrome } from '../features/page-cache/site-state.server';
import type { HeadPageFields } from '../features/site-data/site-types';
import type { ClientManifest } from '../platform/http/client-manifest.server';
import { SiteLocaleProvider } from '../shared/i18n/site-locale';
import { siteText } from '../shared/i18n/site-text';
import { locales, localeTags, type Locale } from '../shared/lib/locale';
import { analyticsHeadTags } from './analytics';
import { ChromeMarkupMemo } from './chrome-markup-memo.server';
import { SiteFooter } from './components/site-footer';
import { SiteHeaderIsland, SiteLayout } from './components/site-layout';
import { renderDocument } from './document.server';
import { renderHeadTags, resolveHeadMetadata } from './head';

/**
 * A public page's whole HTML document: the head, the layout (header, footer) and the content.
 * Live pages are composed from kept parts (ADR 037, ADR 048); everything else renders in one piece.
 */

export interface RenderOptions {
  path: string;
  /** The page's language (decision 44): its texts, menus, `<html lang>`. */
  locale: Locale;
  /** The same page's path in each language it is live in: hreflang links and the language switch. */
  alternates?: Alternates;
  status: number;
  page: Partial<HeadPageFields>;
  /** Responses that depend on the query string (search) are never stored by shared caches. */
  noStore?: boolean;
  /** A strip above the header (the preview notice). */
  banner?: ReactNode;
  /** Previews: `<meta name="robots" content="noindex">`, and no analytics (their address holds the token). */
  preview?: boolean;
  /** JSON-LD the page itself contributes (its breadcrumb trail), after the page's own structured data. */
  structuredData?: Array<Record<string, unknown>>;
}

export type PageRenderOptions = RenderOptions & { content: ReactNode };

/**
 * Stand in for memoized content and the chrome's kept markup while the layout around them renders, then are
 * replaced by them. Random per process, so no text an editor writes (a navigation title) can be
 * taken for one.
 */
const contentSlot = `cenote-content-${randomUUID()}`;
const footerSlot = `cenote-footer-${randomUUID()}`;
const headerSlot = `cenote-header-${randomUUID()}`;
const contentSlotBytes = Buffer.from(contentSlot);
const footerSlotBytes = Buffer.from(footerSlot);
const headerSlotBytes = Buffer.from(headerSlot);

/** The document with each slot, in the order they appear, replaced by its bytes. */
function composeAround(document: string, fills: ReadonlyArray<readonly [slot: Buffer, bytes: Buffer]>): ComposedHtml {
  // Encoded whole and cut as bytes: one pass over the document, not one per piece.
  const bytes = Buffer.from(document);
  const parts: Buffer[] = [];
  let from = 0;
  for (const [slot, fill] of fills) {
    const at = bytes.indexOf(slot, from);
    if (at < 0) throw new Error('the layout rendered without one of its slots');
    parts.push(bytes.subarray(from, at), fill);
    from = at + slot.length;
  }
  parts.push(bytes.subarray(from));
  return { parts };
}

/** The two ways to render a page's document, for this server's client build (its script and styles). */
export function pageDocuments(app: FastifyInstance, manifest: ClientManifest) {
  /**
   * The header island's and the footer's markup (ADR 048), under the chrome they were built from: a
   * change of navigation or settings makes a new chrome. The header differs per page (the current
   * page is marked, the language switch links to its translation): ~90 pages in two languages fit.
   */
  const chromeMarkup = new ChromeMarkupMemo(128);

  /** Renders a page to a complete HTML document (no sending: the caller decides about caching). */
  async function renderHtml(options: PageRenderOptions): Promise<string> {
    return renderLayoutDocument(await app.siteState.getChrome(options.locale), options, options.content);
  }

  /**
   * A live page's document: its head and the layout render now, around its memoized content and the
   * chrome's kept markup. The bytes are those of a whole render (tests/api/live-page-memo.test.ts).
   */
  async function renderLiveHtml(options: RenderOptions & { fragment: Buffer }): Promise<ComposedHtml> {
    const { path: currentPath, locale, alternates } = options;
    const site = await app.siteState.getChrome(locale);
    const { chrome } = site;
    // With the chrome, everything the header is made of.
    const headerKey = [locale, currentPath, ...locales.map((other) => alternates?.[other] ?? '')].join('\n');
    const header = chromeMarkup.bytes(chrome, headerKey, () => (
      <SiteHeaderIsland chrome={chrome} currentPath={currentPath} locale={locale} alternates={alternates} />
    ));
    const footer = chromeMarkup.bytes(chrome, 'footer', () => (
      <SiteLocaleProvider locale={locale}>
        <SiteFooter chrome={chrome} />
      </SiteLocaleProvider>
    ));
    return composeAround(renderLayoutDocument(site, options, contentSlot, { header: headerSlot, footer: footerSlot }), [
      [headerSlotBytes, header],
      [contentSlotBytes, options.fragment],
      [footerSlotBytes, footer],
    ]);
  }

  function renderLayoutDocument(
    { chrome, seo }: Chrome,
    options: RenderOptions,
    content: ReactNode,
    slots?: { header: ReactNode; footer: ReactNode },
  ): string {
    const { locale } = options;
    const alternates = options.alternates ?? {};
    // The SEO settings are written in English; other languages describe the site in their own words.
    const siteFields = locale === 'en' ? seo : { ...seo, site_description: siteText(locale)('site.description') };
    const meta = resolveHeadMetadata(options.page, siteFields, { publicUrl: app.config.publicUrl, path: options.path });
    const body = renderToString(
      <SiteLayout
        chrome={chrome}
        currentPath={options.path}
        banner={options.banner}
        locale={locale}
        alternates={alternates}
        slots={slots}
      >
        {content}
      </SiteLayout>,
    );
    return renderDocument({
      head: renderHeadTags(meta, chrome.siteTitle, options.structuredData, {
        locale,
        alternates,
        publicUrl: app.config.publicUrl,
      }),
      body,
      manifest,
      lang: localeTags[locale],
      extraHead: options.preview ? '<meta name="robots" content="noindex">' : analyticsHeadTags(seo),
    });
  }

  return { renderHtml, renderLiveHtml };
}
