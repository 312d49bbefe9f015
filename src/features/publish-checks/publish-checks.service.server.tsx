import { pagePath } from '../../shared/lib/locale';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { renderToString } from 'react-dom/server';
import { notFound } from '../../platform/http/app-error.server';
import { imageUrlsIn, resolveImages } from '../site-data/site-data.server';
import type { RenderablePage } from '../site-data/site-renderer.server';
import { contentBlocks } from '../blocks/blocks.table';
import { blockTypeLabel } from '../blocks/block-label';
import { firstBlockHoldsTitle } from '../blocks/page-title';
import { BlockRenderProvider, type BlockRenderContext } from '../blocks/render-context';
import { RenderBlock } from '../blocks/renderers';
import { navigationItems } from '../navigation/navigation.table';
import { pages, type PageRow } from '../pages/pages.table';
import type { VisibleBlock } from '../pages/pages.service.server';
import { publishedPages } from '../publishing/publishing.table';
import { loadAllRedirects } from '../redirects/redirects.service.server';
import { readPerformanceSettingsRecord } from '../settings/settings.service.server';
import { sitePathOf } from '../redirects/redirect-paths';
import { contentImageUrls } from './content-images';
import {
  classifyHref,
  resolveInternalPath,
  runPageChecks,
  type CheckedBlock,
  type Finding,
  type OtherPage,
  type SiteLinks,
} from './publish-checks';
import { readRenderedMarkup } from './rendered-markup';

/** A page's draft or live copy: its fields and its active blocks in order, numbered as the editor shows them. */
interface PageCopy {
  page: RenderablePage;
  blocks: Array<VisibleBlock & { number: number }>;
}

/** Everything the checks compare a page against, read once per request. */
interface CheckContext {
  site: SiteLinks;
  drafts: PageRow[];
  /** Live copies by page id. */
  live: Map<string, PageCopy>;
  /** Draft blocks by page id (all of them, numbered; inactive ones are left out of the copy). */
  draftBlocks: Map<string, Array<VisibleBlock & { number: number }>>;
  /** Bytes of stored media files, so each file is looked up once. */
  fileSizes: Map<string, Promise<number>>;
  /** The Performance screen's page weight budget, in bytes. */
  pageWeightBudgetBytes: number;
}

async function loadCheckContext(app: FastifyInstance, draftIds?: string[]): Promise<CheckContext> {
  const [allPages, liveRows, redirectRows, performance] = await Promise.all([
    app.db.select().from(pages).orderBy(asc(pages.sort_order), asc(pages.title)),
    app.db
      .select({ page: publishedPages })
      .from(publishedPages)
      .innerJoin(pages, eq(pages.id, publishedPages.page_id))
      .where(and(eq(pages.is_published, true), isNull(pages.deleted_at))),
    loadAllRedirects(app.db),
    readPerformanceSettingsRecord(app.db),
  ]);
  const drafts = allPages.filter((page) => page.deleted_at === null);
  const wanted = draftIds ?? drafts.map((page) => page.id);
  const blockRows =
    wanted.length === 0
      ? []
      : await app.db
          .select()
          .from(contentBlocks)
          .where(inArray(contentBlocks.page_id, wanted))
          .orderBy(asc(contentBlocks.page_id), asc(contentBlocks.block_order));
  const draftBlocks = new Map<string, Array<VisibleBlock & { number: number }>>();
  const counts = new Map<string, number>();
  for (const row of blockRows) {
    // Numbered among all the page's blocks, inactive ones too: the number the editor shows.
    const number = (counts.get(row.page_id) ?? 0) + 1;
    counts.set(row.page_id, number);
    if (!row.is_active) continue;
    const list = draftBlocks.get(row.page_id) ?? [];
    list.push({ ...row, number });
    draftBlocks.set(row.page_id, list);
  }

  const live = new Map<string, PageCopy>();
  for (const { page } of liveRows) {
    const blocks = page.blocks
      .filter((block) => block.is_active)
      .sort((a, b) => a.block_order - b.block_order)
      .map((block, index) => ({ ...block, number: index + 1 }));
    live.set(page.page_id, { page: { ...page, id: page.page_id }, blocks });
  }
  const livePaths = new Set([...live.values()].map((copy) => pagePath(copy.page.locale, copy.page.slug)));
  const offlinePages = new Map<string, { title: string; inTrash: boolean }>();
  for (const page of allPages) {
    const path = pagePath(page.locale, page.slug);
    if (!livePaths.has(path)) offlinePages.set(path, { title: page.title, inTrash: page.deleted_at !== null });
  }
  return {
    site: {
      origin: new URL(app.config.publicUrl).origin,
      livePaths,
      offlinePages,
      redirects: new Map(redirectRows.map((row) => [row.from_path, row.to_target])),
    },
    drafts,
    live,
    draftBlocks,
    fileSizes: new Map(),
    pageWeightBudgetBytes: performance.page_weight_budget_kb * 1024,
  };
}

/** The size of a stored media file a page loads ('/media/seed/x.avif'); 0 for files elsewhere or gone. */
function mediaFileSize(app: FastifyInstance, context: CheckContext, url: string): Promise<number> {
  let size = context.fileSizes.get(url);
  if (!size) {
    size = (async () => {
      if (!url.startsWith('/media/')) return 0;
      let key: string;
      try {
        key = decodeURIComponent(url.slice('/media/'.length).replace(/[?#].*$/, ''));
      } catch {
        return 0;
      }
      const stored = await app.media.get(key).catch(() => undefined);
      // Only the size is wanted: the body stream is closed unread.
      stored?.body.destroy();
      return stored?.size ?? 0;
    })();
    context.fileSizes.set(url, size);
  }
  return size;
}

interface CopyAnalysis {
  findings: Finding[];
  /** Internal paths this copy's blocks link to (after redirects), for finding orphans. */
  linkedPaths: Set<string>;
}

/** Renders one copy of a page the way the site does and runs the checks on it. */
async function analyzeCopy(
  app: FastifyInstance,
  context: CheckContext,
  copy: PageCopy,
  otherPages: OtherPage[],
): Promise<CopyAnalysis> {
  const imageUrls = new Set<string>();
  for (const block of copy.blocks) imageUrlsIn(block.block_data, imageUrls);
  const [images, { policy }] = await Promise.all([resolveImages(app.db, imageUrls), app.siteState.getPolicy()]);
  const renderContext: BlockRenderContext = { images, policy };
  const titleAboveBlocks = !firstBlockHoldsTitle(copy.blocks.map((block) => ({ type: block.block_type })));

  const checkedBlocks: CheckedBlock[] = copy.blocks.map((block, index) => {
    const html = renderToString(
      <BlockRenderProvider value={renderContext}>
        <RenderBlock type={block.block_type} data={block.block_data} position={titleAboveBlocks ? index + 1 : index} />
      </BlockRenderProvider>,
    );
    const markup = readRenderedMarkup(html);
    return {
      id: block.id,
      number: block.number,
      typeLabel: blockTypeLabel(block.block_type),
      // The alt a visitor's browser gets: the Media Library's text for the file (blocks hold none of their own).
      contentImages: contentImageUrls(block.block_type, block.block_data).map((url) => ({
        url,
        alt: images[url]?.alt ?? '',
      })),
      markup,
    };
  });

  let weight;
  if (app.renderPageDocument && copy.blocks.length > 0) {
    const html = await app.renderPageDocument(copy.page, copy.blocks);
    const files = [...new Set(readRenderedMarkup(html).imageFiles)];
    const sizes = await Promise.all(files.map((url) => mediaFileSize(app, context, url)));
    weight = {
      htmlBytes: Buffer.byteLength(html),
      imageBytes: sizes.reduce((sum, size) => sum + size, 0),
      budgetBytes: context.pageWeightBudgetBytes,
    };
  }

  const findings = runPageChecks({
    page: copy.page,
    titleAboveBlocks,
    blocks: checkedBlocks,
    otherPages,
    site: context.site,
    weight,
  });

  const linkedPaths = new Set<string>();
  for (const block of checkedBlocks) {
    for (const href of block.markup.links) {
      const path = internalDestination(href, context.site);
      if (path) linkedPaths.add(path);
    }
  }
  return { findings, linkedPaths };
}

/** The live path an href ends up at (following a redirect on this site), or undefined. */
function internalDestination(href: string, site: SiteLinks): string | undefined {
  const link = classifyHref(href, site.origin);
  if (link.kind !== 'internal') return undefined;
  const destination = resolveInternalPath(link.path, site);
  if (destination.kind === 'page') return link.path;
  if (destination.kind === 'redirected') {
    const target = sitePathOf(destination.to);
    return target !== undefined && site.livePaths.has(target) ? target : undefined;
  }
  return undefined;
}

const asOther = (page: RenderablePage): OtherPage => ({
  id: page.id,
  title: page.title,
  meta_title: page.meta_title,
  meta_description: page.meta_description,
});

function draftCopyOf(context: CheckContext, page: PageRow): PageCopy {
  return { page, blocks: context.draftBlocks.get(page.id) ?? [] };
}

/** The publish check for one page's draft (GET /api/v1/pages/:id/checks). */
export async function checkPageDraft(app: FastifyInstance, pageId: string): Promise<Finding[]> {
  const context = await loadCheckContext(app, [pageId]);
  const page = context.drafts.find((draft) => draft.id === pageId);
  if (!page) throw notFound('Page');
  // Once published, the page itself answers at its draft's address.
  context.site = withLivePath(context.site, pagePath(page.locale, page.slug));
  const others = context.drafts.filter((draft) => draft.id !== pageId).map(asOther);
  return (await analyzeCopy(app, context, draftCopyOf(context, page), others)).findings;
}

export interface DraftCheck {
  /** The draft's version when it was checked: publish exactly what was checked. */
  version: number;
  findings: Finding[];
}

/**
 * The publish check for several drafts at once (bulk publish), reading the site once. The
 * addresses of every page in `pageIds` count as live, as they will be once published together,
 * so pages that link to each other can go live in one step. Pages not found (or in Trash) are
 * left out of the answer.
 */
export async function checkPageDrafts(app: FastifyInstance, pageIds: string[]): Promise<Map<string, DraftCheck>> {
  const context = await loadCheckContext(app, pageIds);
  const wanted = new Set(pageIds);
  const checked = context.drafts.filter((draft) => wanted.has(draft.id));
  context.site = checked.reduce((site, page) => withLivePath(site, pagePath(page.locale, page.slug)), context.site);
  const results = new Map<string, DraftCheck>();
  for (const page of checked) {
    const others = context.drafts.filter((draft) => draft.id !== page.id).map(asOther);
    const { findings } = await analyzeCopy(app, context, draftCopyOf(context, page), others);
    results.set(page.id, { version: page.version, findings });
  }
  return results;
}

function withLivePath(site: SiteLinks, path: string): SiteLinks {
  const offlinePages = new Map(site.offlinePages);
  offlinePages.delete(path);
  return { ...site, livePaths: new Set([...site.livePaths, path]), offlinePages };
}

export type CopyName = 'draft' | 'live';

export interface HealthFinding extends Finding {
  /** Which copies have it: the draft, the live copy, or both (a page without unpublished changes). */
  copies: CopyName[];
}

export interface PageHealth {
  page_id: string;
  title: string;
  path: string;
  is_published: boolean;
  has_unpublished_changes: boolean;
  findings: HealthFinding[];
}

export interface SiteHealthReport {
  summary: {
    pages_checked: number;
    errors: number;
    warnings: number;
    broken_links: number;
    missing_alt: number;
    orphans: number;
  };
  pages: PageHealth[];
  orphans: Array<{ page_id: string; title: string; path: string }>;
}

const findingKey = (finding: Finding) => `${finding.code}|${finding.block_id ?? ''}|${finding.message}`;

function mergeCopies(draft: Finding[], live: Finding[] | undefined): HealthFinding[] {
  const merged = new Map<string, HealthFinding>();
  for (const finding of draft) merged.set(findingKey(finding), { ...finding, copies: ['draft'] });
  for (const finding of live ?? []) {
    const existing = merged.get(findingKey(finding));
    if (existing) existing.copies.push('live');
    else merged.set(findingKey(finding), { ...finding, copies: ['live'] });
  }
  const all = [...merged.values()];
  return [...all.filter((f) => f.level === 'error'), ...all.filter((f) => f.level === 'warning')];
}

/**
 * Site health (decision 37): the publish check over every page's draft and live copy, plus orphans:
 * live pages that no other live page and no navigation item links to (the home page is reached anyway).
 */
export async function siteHealth(app: FastifyInstance): Promise<SiteHealthReport> {
  const context = await loadCheckContext(app);
  const draftOthers = context.drafts.map(asOther);
  const liveOthers = [...context.live.values()].map((copy) => asOther(copy.page));
  const inbound = new Map<string, Set<string>>();
  const report: PageHealth[] = [];

  for (const page of context.drafts) {
    const draft = await analyzeCopy(
      app,
      context,
      draftCopyOf(context, page),
      draftOthers.filter((other) => other.id !== page.id),
    );
    const liveCopy = context.live.get(page.id);
    let liveFindings: Finding[] | undefined;
    if (liveCopy) {
      // A page without unpublished changes is the same on both sides: checked once, counted for both.
      const live = page.has_unpublished_changes
        ? await analyzeCopy(
            app,
            context,
            liveCopy,
            liveOthers.filter((other) => other.id !== page.id),
          )
        : draft;
      liveFindings = live.findings;
      const own = pagePath(liveCopy.page.locale, liveCopy.page.slug);
      for (const path of live.linkedPaths) {
        if (path === own) continue;
        const sources = inbound.get(path) ?? new Set<string>();
        sources.add(page.id);
        inbound.set(path, sources);
      }
    }
    report.push({
      page_id: page.id,
      title: page.title,
      path: pagePath(page.locale, page.slug),
      is_published: page.is_published,
      has_unpublished_changes: page.has_unpublished_changes,
      findings: mergeCopies(draft.findings, liveFindings),
    });
  }

  const navigation = await app.db
    .select({ link_url: navigationItems.link_url })
    .from(navigationItems)
    .where(eq(navigationItems.is_active, true));
  const fromNavigation = new Set(
    navigation
      .map((item) => internalDestination(item.link_url, context.site))
      .filter((path): path is string => path !== undefined),
  );
  const orphans = [...context.live.values()]
    .filter((copy) => copy.page.slug !== 'home')
    .filter((copy) => {
      const path = pagePath(copy.page.locale, copy.page.slug);
      return !fromNavigation.has(path) && !inbound.has(path);
    })
    .map((copy) => ({
      page_id: copy.page.id,
      title: copy.page.title,
      path: pagePath(copy.page.locale, copy.page.slug),
    }));

  const findings = report.flatMap((page) => page.findings);
  return {
    summary: {
      pages_checked: report.length,
      errors: findings.filter((f) => f.level === 'error').length,
      warnings: findings.filter((f) => f.level === 'warning').length,
      broken_links: findings.filter((f) => f.code === 'link_missing_page' || f.code === 'link_unpublished_page').length,
      missing_alt: findings.filter((f) => f.code === 'image_missing_alt').length,
      orphans: orphans.length,
    },
    pages: report,
    orphans,
  };
}
