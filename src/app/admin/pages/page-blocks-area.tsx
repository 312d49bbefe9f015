import type { Locale } from '../../../shared/lib/locale';
import { Button } from '../../../shared/ui/button';
import { BlockList } from '../blocks/block-list';
import { PageLinkSearchProvider } from '../ui/page-link-search-provider';
import type { PageDraft } from './page-draft-form';

/**
 * The Content Blocks tab's body: the page's blocks and their editors. Blocks belong to a saved
 * page, so a page not created yet (`pageId` null) offers to save it first.
 */
export function PageBlocksArea({
  pageId,
  locale,
  draft,
  onDirtyChange,
}: {
  pageId: string | null;
  locale: Locale;
  draft: Pick<PageDraft, 'canSaveFirst' | 'saving' | 'save'>;
  /** Whether some block has edits not saved yet. */
  onDirtyChange: (dirty: boolean) => void;
}) {
  if (pageId === null) {
    return (
      <div className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center dark:border-white/15 dark:bg-abyss-900">
        <p className="text-sm text-stone-600 dark:text-stone-300">
          Save the page first, then add its content blocks here.
        </p>
        <Button
          className="mt-4"
          disabled={!draft.canSaveFirst}
          busy={draft.saving}
          onClick={() => void draft.save({ thenEditBlocks: true })}
        >
          Save Page First
        </Button>
        {!draft.canSaveFirst ? (
          <p className="mt-2 text-xs text-stone-500">Fill in the title and a valid slug first.</p>
        ) : null}
      </div>
    );
  }
  return (
    // Link fields find pages of this page's language.
    <PageLinkSearchProvider locale={locale}>
      <BlockList pageId={pageId} onDirtyChange={onDirtyChange} />
    </PageLinkSearchProvider>
  );
}
