import { BlockRenderProvider, type BlockRenderContext } from '../../features/blocks/render-context';
import { firstBlockHoldsTitle } from '../../features/blocks/page-title';
import { RenderBlock } from '../../features/blocks/renderers';
import type { Locale } from '../../shared/lib/locale';
import { Island } from '../../shared/ui/island';
import type { Crumb } from '../breadcrumbs';
import { SiteLocaleProvider, useSiteLocale } from '../../shared/i18n/site-locale';
import { siteText } from '../../shared/i18n/site-text';
import { TableOfContentsRail } from '../islands/table-of-contents-rail';
import { pageOutline } from '../page-outline';
import { Breadcrumbs } from './breadcrumbs';
import { TableOfContentsDisclosure } from './table-of-contents';

export interface ContentPageProps {
  title: string;
  isDraft: boolean;
  blocks: Array<{ id: string; type: string; data: unknown }>;
  context: BlockRenderContext;
  /** Home › section › page; none on the home page itself. */
  breadcrumbs?: readonly Crumb[];
  /**
   * The page's language. Inside SiteLayout it comes from the layout; a page rendered on its own (the
   * memoized content of a live page) passes it here. It also reaches the blocks (context.locale).
   */
  locale?: Locale;
}

/**
 * A stored page: its active blocks in order. A first block that is not a hero gets the title as h1
 * above it. Every block heading carries a slugged id; a long page also gets an 'On this page' table
 * of contents: a collapsible list at the top on small screens, a sticky side column on wide ones
 * (the blocks after a leading hero then share a column beside it, the hero stays full width).
 */
export function ContentPage({ title, isDraft, blocks, context, breadcrumbs, locale: given }: ContentPageProps) {
  const fromLayout = useSiteLocale().locale;
  const locale = given ?? fromLayout;
  const t = siteText(locale);
  const firstHoldsTitle = firstBlockHoldsTitle(blocks);
  const outline = pageOutline(blocks, firstHoldsTitle ? 0 : 1);
  const rendered = blocks.map((block, index) => (
    <RenderBlock
      key={block.id}
      type={block.type}
      data={block.data}
      position={firstHoldsTitle ? index : index + 1}
      anchorId={outline.anchors[index]}
    />
  ));
  const leadIsHero = blocks[0]?.type === 'hero';
  const lead = leadIsHero ? rendered.slice(0, 1) : [];
  const rest = leadIsHero ? rendered.slice(1) : rendered;
  const entries = outline.showTableOfContents ? outline.entries : [];
  const tocLabel = t('toc.label');
  return (
    <SiteLocaleProvider locale={locale}>
      <BlockRenderProvider value={{ ...context, locale: context.locale ?? locale }}>
        {isDraft ? (
          <div role="status" className="bg-amber-100 px-5 py-2 text-center text-sm font-semibold text-amber-900">
            {t('contentPage.draftNotice')}
          </div>
        ) : null}
        {breadcrumbs ? <Breadcrumbs trail={breadcrumbs} /> : null}
        {firstHoldsTitle ? null : (
          <div className="mx-auto max-w-6xl px-5 pt-14 sm:px-8">
            <h1 className="font-display text-4xl font-semibold tracking-tight text-stone-900 sm:text-5xl dark:text-stone-50">
              {title}
            </h1>
          </div>
        )}
        {lead}
        {entries.length > 0 ? (
          <>
            <TableOfContentsDisclosure
              entries={entries}
              label={tocLabel}
              count={t('toc.sections', { count: entries.length })}
            />
            <div className="xl:mx-auto xl:grid xl:max-w-6xl xl:grid-cols-[minmax(0,1fr)_15rem] xl:gap-x-10 xl:pt-8 xl:pb-12">
              {/* Bands with a background (features, calls to action, quotes) become rounded panels in the column. */}
              <div className="min-w-0 xl:[&>*]:rounded-3xl">{rest}</div>
              <div className="hidden xl:block">
                <Island
                  name="table-of-contents"
                  component={TableOfContentsRail}
                  props={{ entries, label: tocLabel, backToTop: t('toc.backToTop') }}
                />
              </div>
            </div>
          </>
        ) : (
          rest
        )}
      </BlockRenderProvider>
    </SiteLocaleProvider>
  );
}

export interface EmptyPageProps {
  slug: string;
  /** Only shown to signed-in admins (issue 5.7): the page id and what the database holds. */
  diagnostics: { pageId: string | null; pageCount: number; slugs: string[] } | null;
}

/** A page without blocks, in the page's language (from SiteLayout). */
export function EmptyPage({ slug, diagnostics }: EmptyPageProps) {
  const { t } = useSiteLocale();
  return (
    <div className="mx-auto max-w-3xl px-5 py-24 sm:px-8">
      <h1 className="font-display text-4xl font-semibold text-stone-900 dark:text-stone-50">
        {t('emptyPage.heading')}
      </h1>
      <p className="mt-4 text-lg text-stone-600 dark:text-stone-400">{t('emptyPage.message')}</p>
      {diagnostics ? (
        <dl className="mt-8 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-2xl border border-stone-200 bg-white p-6 text-sm dark:border-white/10 dark:bg-abyss-900">
          <dt className="font-semibold">{t('emptyPage.pageId')}</dt>
          <dd className="font-mono">{diagnostics.pageId ?? t('emptyPage.notInDatabase')}</dd>
          <dt className="font-semibold">{t('emptyPage.slug')}</dt>
          <dd className="font-mono">{slug}</dd>
          <dt className="font-semibold">{t('emptyPage.pages')}</dt>
          <dd>{diagnostics.pageCount}</dd>
          <dt className="font-semibold">{t('emptyPage.slugs')}</dt>
          <dd className="font-mono break-words">{diagnostics.slugs.join(', ')}</dd>
        </dl>
      ) : null}
    </div>
  );
}
