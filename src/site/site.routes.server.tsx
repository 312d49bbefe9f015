import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { asc, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { z } from 'zod';
import { pages } from '../features/pages/pages.table';
import { slugPattern } from '../features/pages/pages.schema';
import { anonymousViewer, getVisiblePage, type VisibleBlock } from '../features/pages/pages.service.server';
import { openPreview } from '../features/publishing/preview.service.server';
import { previewTokenMaxLength } from '../features/publishing/preview-token.server';
import { findLivePageBySlug } from '../features/pages/pages.repo.server';
import { normalizeFromPath } from '../features/redirects/redirect-paths';
import { redirectLocation } from '../features/redirects/redirect-location';
import { searchPages } from '../features/search/search.service.server';
import { loadClientManifest, type ClientManifest } from '../platform/http/client-manifest.server';
import { ContentPage, EmptyPage } from './components/content-page';
import { NotFoundPage } from './components/not-found-page';
import { PreviewBanner, previewStateOf, type PreviewState } from './components/preview-banner';
import { SearchResultsPage } from './components/search-results-page';
import { renderDocument } from './document.server';
import type { HeadPageFields } from '../features/site-data/site-types';
import { localeOfPath, searchPath, type Locale, pagePath } from '../shared/lib/locale';
import { otherLocale, siteText } from '../shared/i18n/site-text';
import { loadingScreenHtml } from './loading-screen';
import { registerSiteIndexes } from './site-indexes.routes.server';
import { analyticsScript } from './analytics';
import { imageUrlsIn, resolveImages } from '../features/site-data/site-data.server';
import type { RenderablePage } from '../features/site-data/site-renderer.server';
import { breadcrumbJsonLd, breadcrumbTrail } from './breadcrumbs';
import {
  buildCachedPage,
  encodeLive,
  type HtmlDocument,
  type CachedPage,
  type EncodedPage,
} from '../features/page-cache/page-cache.server';
import { LivePageMemo } from '../features/page-cache/live-page-memo.server';
import { pageDocuments, type PageRenderOptions } from './page-documents.server';
import { ifNoneMatchMatches, negotiateEncoding, type ContentCoding } from '../features/page-cache/http-caching.server';

function imageUrlsOf(values: unknown[]): Set<string> {
  const urls = new Set<string>();
  for (const value of values) imageUrlsIn(value, urls);
  return urls;
}

const oneYear = 31_536_000;

/** A stored page, live copy or draft: what the one page render needs of it. */
type StoredPage = HeadPageFields & { id: string; slug: string; locale: Locale; title: string; is_published: boolean };

/**
 * Who the page is rendered for. The site: visitors, or signed-in editors (who also see pages that
 * are not on the site, marked as drafts, and diagnostics on an empty page). A preview link: the
 * draft with the preview notice, the same for whoever opens it.
 */
type PageView =
  { kind: 'site'; path: string; editor: boolean } | { kind: 'preview'; path: string; state: PreviewState };

/** What a live page's render keeps between requests (ADR 037): all of it but the header, footer and head. */
interface LiveRender {
  page: StoredPage;
  /** The content between header and footer, rendered and encoded once. */
  content: Buffer;
  structuredData: Array<Record<string, unknown>>;
}

const previewParams = z.object({ token: z.string().min(1).max(previewTokenMaxLength) });

/** Preview links that do not open a draft: our own page in the not-found style, never an error dump. */
const previewRefusals = {
  expired: {
    status: 410,
    heading: 'This preview link has expired',
    message: 'Preview links work for 24 hours. Ask an editor for a new link.',
  },
  invalid: {
    status: 404,
    heading: 'This preview link does not work',
    message: 'It may be incomplete or mistyped. Ask an editor for a new link.',
  },
  missing: {
    status: 404,
    heading: 'This page is no longer available',
    message: 'The page this link previews has been deleted or moved to Trash. Ask an editor for a new link.',
  },
} as const;

export async function siteRoutes(app: FastifyInstance): Promise<void> {
  const manifest: ClientManifest = await loadClientManifest(app.config.distDir);
  const favicon = await readFile(path.join(import.meta.dirname, 'favicon.svg')).catch(() =>
    readFile(path.join(app.config.distDir, 'client', 'favicon.svg')),
  );

  await app.register(fastifyStatic, {
    root: path.join(app.config.distDir, 'client', 'assets'),
    prefix: '/assets/',
    immutable: true,
    maxAge: oneYear * 1000,
    preCompressed: true,
    index: false,
    wildcard: true,
  });

  /**
   * A cached page's first response through the whole pipeline lends its headers (security headers
   * included, which hooks add as it is sent) to the cache-hit path. Registered before the routes,
   * after the security headers' hook: it sees the headers as they go out.
   */
  const cachedPathOf = new WeakMap<FastifyRequest, string>();
  app.addHook('onSend', async (request, reply, payload) => {
    const path = cachedPathOf.get(request);
    if (path !== undefined && reply.statusCode === 200) app.pageCache.rememberHeaders(path, reply.getHeaders());
    return payload;
  });

  const { renderHtml, renderLiveHtml } = pageDocuments(app, manifest);

  /**
   * Sends one encoded form of an HTML page. Public pages (decision 43) are `no-cache` with the
   * strong ETag of the exact bytes sent, and a matching If-None-Match gets a 304 with the same
   * headers; everything else (signed-in views, 404s, search) is `no-store`. These routes encode
   * their own responses (the global compression is off for them), so the ETag always names the
   * bytes on the wire, and Accept-Encoding is negotiated by its q-values.
   *
   * A body is returned for the route's async handler to resolve with, and Fastify sends it: handing
   * back the reply itself would make every request's promise wait on the response stream (Fastify's
   * `reply.then` attaches stream listeners), which kept more of each request in flight alive past
   * young collections (ADR 055).
   */
  function sendHtml(
    request: FastifyRequest,
    reply: FastifyReply,
    options: {
      status: number;
      coding: ContentCoding;
      page: EncodedPage;
      revalidate: boolean;
      cacheState?: string;
      /** For responses that are not revalidated; `no-store` unless said otherwise. */
      cacheControl?: string;
    },
  ) {
    void reply
      .status(options.status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('vary', 'Accept-Encoding');
    if (options.coding !== 'identity') void reply.header('content-encoding', options.coding);
    if (options.cacheState) void reply.header('x-cache', options.cacheState);
    if (!options.revalidate) {
      void reply.header('cache-control', options.cacheControl ?? 'no-store');
      return options.page.body;
    }
    void reply.header('cache-control', 'no-cache').header('etag', options.page.etag);
    if (ifNoneMatchMatches(request.headers['if-none-match'], options.page.etag)) {
      void reply.status(304).removeHeader('content-encoding');
      return undefined;
    }
    return options.page.body;
  }

  /** A page rendered for this request only; public 200s can still be revalidated by their ETag. */
  async function sendLive(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    html: HtmlDocument,
    shareable: boolean,
  ) {
    const coding = negotiateEncoding(request.headers['accept-encoding']);
    const page = await encodeLive(html, coding);
    return sendHtml(request, reply, { status, coding, page, revalidate: shareable && status === 200 });
  }

  async function renderPage(request: FastifyRequest, reply: FastifyReply, options: PageRenderOptions) {
    const html = await renderHtml(options);
    return sendLive(request, reply, options.status, html, !options.noStore && request.viewer === null);
  }

  /**
   * Nothing lives at this address: a redirect from it answers (decision 36), else the 404 page.
   * Pages win over redirects: this runs only once no live page was found.
   */
  async function renderNotFound(request: FastifyRequest, reply: FastifyReply) {
    const pathOnly = request.url.split('?')[0] ?? request.url;
    const locale = localeOfPath(pathOnly);
    const redirect = await findRedirect(pathOnly);
    if (redirect) {
      app.redirectMap.countHit(redirect.id);
      return reply
        .status(redirect.status)
        .header('location', redirectLocation(redirect.to, request.url))
        .header('cache-control', redirect.status === 301 ? 'public, max-age=3600' : 'no-store')
        .send();
    }
    request.log.info({ path: pathOnly }, 'page not found');
    return renderPage(request, reply, {
      path: pathOnly,
      locale,
      status: 404,
      page: { title: siteText(locale)('notFound.pageTitle') },
      content: <NotFoundPage />,
    });
  }

  /**
   * A public page: anonymous visitors are served from the page cache when caching is on (the
   * page is rendered and compressed once); everyone else gets a fresh render.
   */
  async function serveSlug(slug: string, locale: Locale, request: FastifyRequest, reply: FastifyReply) {
    const { settings } = await app.siteState.getPolicy();
    const path = pagePath(locale, slug);
    const useCache = request.viewer === null && settings.enable_caching;
    const now = () => app.clock.now().getTime();
    const coding = negotiateEncoding(request.headers['accept-encoding']);
    const sendEntry = (entry: CachedPage, cacheState: 'HIT' | 'MISS') => {
      if (!entry.wire) cachedPathOf.set(request, path);
      return sendHtml(request, reply, {
        status: 200,
        coding,
        page: entry.variants[coding],
        revalidate: true,
        cacheState,
      });
    };
    // The cache duration drives this server's cache only: browsers revalidate every time (decision 43).
    if (useCache) {
      const hit = app.pageCache.get(path, settings.cache_duration * 1000, now());
      if (hit) return sendEntry(hit, 'HIT');
      const entry = await app.pageCache.fill(path, async () => {
        // Anonymous (only anonymous requests use the cache): the render does not depend on who asked.
        const rendered = await renderSlug(slug, locale, request);
        if (!rendered) return undefined;
        const page = buildCachedPage(rendered.html, now());
        return { pageId: rendered.pageId, page, relatedPageIds: rendered.otherPageIds };
      });
      return entry ? sendEntry(entry, 'MISS') : renderNotFound(request, reply);
    }
    const rendered = await renderSlug(slug, locale, request);
    if (!rendered) return renderNotFound(request, reply);
    return sendLive(request, reply, 200, rendered.html, request.viewer === null);
  }

  /** Live pages' rendered content, dropped by every change that touches them (ADR 037). */
  const liveRenders = new LivePageMemo<LiveRender>();
  app.contentEvents.on('invalidate', (change) => liveRenders.invalidate(change));

  async function loadLiveRender(
    slug: string,
    locale: Locale,
  ): Promise<{ pageId: string; value: LiveRender } | undefined> {
    const found = await findLivePageBySlug(app.db, slug, locale);
    if (!found || found.blocks.length === 0) return undefined;
    const view: PageView = { kind: 'site', path: pagePath(locale, slug), editor: false };
    const { content, structuredData } = await storedPageContent(found.page, found.blocks, view);
    const page = { ...found.page, is_published: true };
    return { pageId: found.page.id, value: { page, content: Buffer.from(renderToString(content)), structuredData } };
  }

  async function renderSlug(
    slug: string,
    locale: Locale,
    request: FastifyRequest,
  ): Promise<{ html: HtmlDocument; pageId: string; otherPageIds: string[] } | undefined> {
    const path = pagePath(locale, slug);
    const live = await liveRenders.get(path, () => loadLiveRender(slug, locale));
    if (live) {
      const { page, content, structuredData } = live;
      const { alternates, otherPageIds } = await app.siteState.getTranslations(page.id);
      return {
        html: await renderLiveHtml({
          path,
          locale,
          alternates,
          status: 200,
          page,
          fragment: content,
          structuredData,
        }),
        pageId: page.id,
        otherPageIds,
      };
    }
    // Not live (a draft editors may see), or live without blocks (the empty-page notice).
    const viewer = request.viewer ?? anonymousViewer;
    const found = await getVisiblePage(app.db, slug, viewer, locale);
    if (!found) return undefined;
    const view: PageView = { kind: 'site', path, editor: viewer.canSeeDrafts };
    const { otherPageIds } = await app.siteState.getTranslations(found.page.id);
    return { html: await renderStoredPage(found.page, found.blocks, view), pageId: found.page.id, otherPageIds };
  }

  /**
   * THE page render: a stored page and its active blocks in block_order. Public pages (their live
   * copy) and previews (the draft) both come through here, so a preview shows exactly what
   * publishing would put on the site, plus the preview notice.
   */
  async function renderStoredPage(page: StoredPage, blocks: VisibleBlock[], view: PageView): Promise<string> {
    const preview = view.kind === 'preview';
    const language = {
      locale: page.locale,
      // Previews show no alternates: the draft's address is not public yet.
      alternates: preview ? {} : (await app.siteState.getTranslations(page.id)).alternates,
    };
    const previewOptions = preview
      ? {
          preview: true,
          banner: <PreviewBanner state={view.state} />,
          // Search engines that meet a preview anyway are pointed at the page's public address.
          page: {
            ...page,
            canonical_url: page.canonical_url?.trim() ? page.canonical_url : `${app.config.publicUrl}${view.path}`,
          },
        }
      : { page };
    if (blocks.length === 0) {
      const diagnostics = view.kind === 'site' && view.editor ? await emptyPageDiagnostics(page.id) : null;
      return renderHtml({
        path: view.path,
        ...language,
        status: 200,
        ...previewOptions,
        content: <EmptyPage slug={page.slug} diagnostics={diagnostics} />,
      });
    }
    const { content, structuredData } = await storedPageContent(page, blocks, view);
    return renderHtml({ path: view.path, ...language, status: 200, ...previewOptions, structuredData, content });
  }

  /** A page's blocks as the site shows them (images resolved, outline, breadcrumbs), not yet rendered. */
  async function storedPageContent(
    page: StoredPage,
    blocks: VisibleBlock[],
    view: PageView,
  ): Promise<{ content: ReactNode; structuredData: Array<Record<string, unknown>> }> {
    const [images, { policy }, { chrome }] = await Promise.all([
      resolveImages(app.db, imageUrlsOf(blocks.map((block) => block.block_data)), page.locale),
      app.siteState.getPolicy(),
      app.siteState.getChrome(page.locale),
    ]);
    // Every page but the home page: Home › its header-navigation section › the page.
    const breadcrumbs =
      page.slug === 'home' ? undefined : breadcrumbTrail(chrome.header, view.path, page.title, page.locale);
    return {
      structuredData: breadcrumbs ? [breadcrumbJsonLd(breadcrumbs, app.config.publicUrl)] : [],
      content: (
        <ContentPage
          title={page.title}
          isDraft={view.kind === 'site' && !page.is_published}
          blocks={blocks.map((block) => ({ id: block.id, type: block.block_type, data: block.block_data }))}
          context={{ images, policy, locale: page.locale }}
          locale={page.locale}
          breadcrumbs={breadcrumbs}
        />
      ),
    };
  }

  /**
   * Preview responses (decision 33): never stored by anyone (not the page cache, not a browser's
   * disk, not a shared cache) and never indexed.
   */
  async function sendPreview(request: FastifyRequest, reply: FastifyReply, status: number, html: string) {
    const coding = negotiateEncoding(request.headers['accept-encoding']);
    const page = await encodeLive(html, coding);
    void reply.header('x-robots-tag', 'noindex');
    return sendHtml(request, reply, { status, coding, page, revalidate: false, cacheControl: 'private, no-store' });
  }

  async function emptyPageDiagnostics(pageId: string | null) {
    const rows = await app.db
      .select({ slug: pages.slug })
      .from(pages)
      .where(isNull(pages.deleted_at))
      .orderBy(asc(pages.sort_order));
    return { pageId, pageCount: rows.length, slugs: rows.map((row) => row.slug) };
  }

  // Before the content store is ready, pages answer with the loading screen (decision 4).
  app.addHook('onRequest', async (request, reply) => {
    if (app.readiness.ready || request.method !== 'GET') return;
    const url = request.url;
    if (url.startsWith('/api/') || url.startsWith('/assets/') || url.startsWith('/media/') || url === '/favicon.svg')
      return;
    return reply
      .status(503)
      .header('retry-after', '2')
      .header('cache-control', 'no-store')
      .header('content-type', 'text/html; charset=utf-8')
      .send(
        renderDocument({
          head: '<title>Loading Content</title>',
          body: loadingScreenHtml,
          manifest,
          withScripts: false,
          extraHead: '<meta http-equiv="refresh" content="2">',
        }),
      );
  });

  app.get('/favicon.svg', { config: { access: 'public' } }, async (_request, reply) =>
    reply.header('content-type', 'image/svg+xml').header('cache-control', 'public, max-age=86400').send(favicon),
  );

  app.get('/analytics.js', { config: { access: 'public' } }, async (_request, reply) => {
    const { seo } = await app.siteState.getChrome();
    if (!seo.google_analytics_id && !seo.google_tag_manager_id) return renderNotFound(_request, reply);
    return reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(analyticsScript(seo));
  });

  // The HTML routes encode their own responses (see sendHtml), so the global compression stays out.
  const htmlRoute = () => ({ config: { access: 'public' as const }, compress: false as const });

  app.get('/', htmlRoute(), async (request, reply) => serveSlug('home', 'en', request, reply));
  app.get('/es', htmlRoute(), async (request, reply) => serveSlug('home', 'es', request, reply));

  /** The search page of a language ('/search', '/es/buscar'): that language's pages, its stemming. */
  async function renderSearch(locale: Locale, request: FastifyRequest, reply: FastifyReply) {
    const raw = (request.query as { q?: unknown }).q;
    const query = typeof raw === 'string' ? raw.trim().slice(0, 100) : '';
    const results = query ? await searchPages(app.db, query, 20, locale) : [];
    const t = siteText(locale);
    const title = query ? t('searchPage.titleFor', { query }) : t('searchPage.title');
    const other = otherLocale(locale);
    return renderPage(request, reply, {
      path: searchPath(locale),
      locale,
      alternates: { [locale]: searchPath(locale), [other]: searchPath(other) },
      status: 200,
      page: { title, meta_title: `${title} | Cenote Atlas` },
      content: <SearchResultsPage query={query} results={results} />,
      noStore: true,
    });
  }
  app.get('/search', htmlRoute(), async (request, reply) => renderSearch('en', request, reply));
  app.get('/es/buscar', htmlRoute(), async (request, reply) => renderSearch('es', request, reply));

  registerSiteIndexes(app);

  /**
   * A preview link (decision 33, ADR 021): the page's draft for whoever holds the link, signed in
   * or not. A token that fails the schema (too long) is answered like any other bad token.
   */
  app.get<{ Params: { token: string } }>(
    '/preview/:token',
    { ...htmlRoute(), schema: { params: previewParams }, attachValidation: true },
    async (request, reply) => {
      const opening = request.validationError
        ? ({ status: 'invalid' } as const)
        : await openPreview(app.db, request.params.token, app.clock.now());
      if (opening.status === 'ok') {
        const { page, blocks } = opening;
        const view: PageView = {
          kind: 'preview',
          path: pagePath(page.locale, page.slug),
          state: previewStateOf(page),
        };
        return sendPreview(request, reply, 200, await renderStoredPage(page, blocks, view));
      }
      request.log.info({ reason: opening.status }, 'preview link refused');
      const refusal = previewRefusals[opening.status];
      const html = await renderHtml({
        path: '/preview',
        locale: 'en',
        status: refusal.status,
        page: { title: refusal.heading },
        preview: true,
        content: <NotFoundPage code={String(refusal.status)} heading={refusal.heading} message={refusal.message} />,
      });
      return sendPreview(request, reply, refusal.status, html);
    },
  );

  app.get<{ Params: { slug: string } }>('/:slug', htmlRoute(), async (request, reply) => {
    const { slug } = request.params;
    if (slug === 'home' || !slugPattern.test(slug)) return renderNotFound(request, reply);
    return serveSlug(slug, 'en', request, reply);
  });
  app.get<{ Params: { slug: string } }>('/es/:slug', htmlRoute(), async (request, reply) => {
    const { slug } = request.params;
    if (slug === 'home' || !slugPattern.test(slug)) return renderNotFound(request, reply);
    return serveSlug(slug, 'es', request, reply);
  });

  async function findRedirect(pathOnly: string) {
    let decoded: string;
    try {
      decoded = decodeURI(pathOnly);
    } catch {
      return undefined;
    }
    const checked = normalizeFromPath(decoded);
    return checked.ok ? app.redirectMap.lookup(checked.value) : undefined;
  }

  app.decorate('renderNotFoundPage', renderNotFound);
  // The publish check weighs a page as visitors would get it once published (decision 37).
  app.decorate('renderPageDocument', (page: RenderablePage, blocks: VisibleBlock[]) =>
    renderStoredPage({ ...page, is_published: true }, blocks, {
      kind: 'site',
      path: pagePath(page.locale, page.slug),
      editor: false,
    }),
  );
}

/** A stored page (live copy or draft) as the page render takes it. */
