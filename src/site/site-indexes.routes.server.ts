import type { FastifyInstance } from 'fastify';
import { atomFeed } from '../features/feed/atom-feed';
import { listFeedEntries } from '../features/feed/feed.repo.server';
import { listLivePages } from '../features/pages/pages.repo.server';
import { escapeHtml } from '../shared/lib/html';
import { localeTags, locales, pagePath } from '../shared/lib/locale';
import { feedPath, hreflangAlternates } from './head';
import { siteText } from '../shared/i18n/site-text';

/** What crawlers and feed readers read: robots.txt, the sitemap of both languages, a feed per language. */
export function registerSiteIndexes(app: FastifyInstance): void {
  app.get('/robots.txt', { config: { access: 'public' } }, async (_request, reply) =>
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          'Disallow: /admin',
          'Disallow: /auth',
          'Disallow: /api',
          'Disallow: /setup',
          '',
          `Sitemap: ${app.config.publicUrl}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  /** Every live page in both languages, each with its hreflang alternates (decision 44). */
  app.get('/sitemap.xml', { config: { access: 'public' } }, async (_request, reply) => {
    const rows = await listLivePages(app.db);
    const absolute = (path: string) => escapeHtml(`${app.config.publicUrl}${path}`);
    const entries: string[] = [];
    for (const row of rows) {
      const { alternates } = await app.siteState.getTranslations(row.id);
      const links = hreflangAlternates(alternates)
        .map(({ hreflang, path }) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${absolute(path)}"/>`)
        .join('');
      entries.push(
        `<url><loc>${absolute(pagePath(row.locale, row.slug))}</loc><lastmod>${row.updated_at.toISOString()}</lastmod>${links}</url>`,
      );
    }
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${entries.join('')}</urlset>`,
      );
  });

  /** The 20 newest published pages of a language as Atom (linked from its pages' heads). */
  for (const locale of locales) {
    app.get(feedPath(locale), { config: { access: 'public' } }, async (_request, reply) => {
      const [{ seo }, entries] = await Promise.all([app.siteState.getChrome(locale), listFeedEntries(app.db, locale)]);
      const site = {
        title: seo.site_title,
        description: locale === 'en' ? seo.site_description : siteText(locale)('site.description'),
        publicUrl: app.config.publicUrl,
        locale: localeTags[locale],
        path: feedPath(locale),
        home: pagePath(locale, 'home'),
      };
      return reply
        .header('content-type', 'application/atom+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(atomFeed(site, entries, app.clock.now()));
    });
  }
}
