import { useSiteLocale } from '../../shared/i18n/site-locale';
import type { PlainMessageKey } from '../../shared/i18n/site-text';

/** What the previewed draft is, compared with what visitors see. */
export type PreviewState = 'not-published' | 'unpublished-changes' | 'same-as-live';

const sentences: Record<PreviewState, PlainMessageKey> = {
  'not-published': 'preview.notPublished',
  'unpublished-changes': 'preview.unpublishedChanges',
  'same-as-live': 'preview.sameAsLive',
};

export function previewStateOf(page: { is_published: boolean; has_unpublished_changes: boolean }): PreviewState {
  if (!page.is_published) return 'not-published';
  return page.has_unpublished_changes ? 'unpublished-changes' : 'same-as-live';
}

/**
 * The strip above a preview (decision 33). A landmark of its own, so screen readers find it and
 * the page's own content stays inside the usual landmarks; public pages never carry it. In the
 * page's language (SiteLayout renders it as its banner, inside its provider).
 */
export function PreviewBanner({ state }: { state: PreviewState }) {
  const { t } = useSiteLocale();
  return (
    <aside
      aria-label={t('preview.label')}
      data-preview-banner=""
      className="border-b border-amber-300 bg-amber-100 px-5 py-2 text-center text-sm text-amber-950 dark:border-amber-300/20 dark:bg-amber-950 dark:text-amber-100"
    >
      {t(sentences[state])}
    </aside>
  );
}
