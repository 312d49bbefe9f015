/** What the previewed draft is, compared with what visitors see. */
export type PreviewState = 'not-published' | 'unpublished-changes' | 'same-as-live';

const sentences: Record<PreviewState, string> = {
  'not-published': 'Preview of a page that is not published yet — visitors cannot see it.',
  'unpublished-changes': 'Preview of unpublished changes — visitors do not see them until the page is published.',
  'same-as-live': 'Preview of the draft — it matches what visitors see now.',
};

export function previewStateOf(page: { is_published: boolean; has_unpublished_changes: boolean }): PreviewState {
  if (!page.is_published) return 'not-published';
  return page.has_unpublished_changes ? 'unpublished-changes' : 'same-as-live';
}

/**
 * The strip above a preview (decision 33). A landmark of its own, so screen readers find it and
 * the page's own content stays inside the usual landmarks; public pages never carry it.
 */
export function PreviewBanner({ state }: { state: PreviewState }) {
  return (
    <aside
      aria-label="Preview"
      data-preview-banner=""
      className="border-b border-amber-300 bg-amber-100 px-5 py-2 text-center text-sm text-amber-950 dark:border-amber-300/20 dark:bg-amber-950 dark:text-amber-100"
    >
      {sentences[state]}
    </aside>
  );
}
