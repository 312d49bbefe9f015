import { Link, useSearchParams } from 'react-router';
import { PageStatusBadge } from '../pages/editorial-actions';
import { inputClass } from '../../../shared/ui/field';
import { Spinner } from '../../../shared/ui/spinner';
import { usePagesList } from '../pages/pages-screen';
import { BlockList } from './block-list';

/** 'Content Blocks': pick a page, then work on its blocks (decision 16: never an empty page id). */
export function BlocksScreen() {
  const [params, setParams] = useSearchParams();
  const pages = usePagesList();
  const pageId = params.get('page') ?? '';
  const selected = pages.data?.find((page) => page.id === pageId);

  return (
    <section aria-labelledby="blocks-title">
      <div className="flex flex-wrap items-end gap-3">
        <h2 id="blocks-title" className="mr-auto text-lg font-semibold text-stone-900 dark:text-stone-50">
          Content Blocks
        </h2>
        <div className="w-full sm:w-80">
          <label htmlFor="blocks-page" className="mb-1 block text-sm font-medium text-stone-800 dark:text-stone-200">
            Page
          </label>
          {pages.isPending ? (
            <Spinner label="Loading pages" />
          ) : (
            <select
              id="blocks-page"
              value={selected ? pageId : ''}
              onChange={(event) =>
                setParams(event.target.value ? { page: event.target.value } : {}, { replace: false })
              }
              className={inputClass}
            >
              <option value="">Choose a page…</option>
              {(pages.data ?? []).map((page) => (
                <option key={page.id} value={page.id}>
                  {page.title} ({page.path})
                </option>
              ))}
            </select>
          )}
        </div>
      </div>
      {selected ? (
        <p className="mt-4 flex flex-wrap items-center gap-2 text-sm text-stone-600 dark:text-stone-300">
          <PageStatusBadge page={selected} />
          {selected.is_published && selected.has_unpublished_changes
            ? 'Edits here go into the draft: visitors see them once the page is published.'
            : 'Edits here go into the draft.'}
          <Link
            to={`/admin/pages/${selected.id}?tab=blocks`}
            className="font-semibold text-lagoon-700 underline dark:text-lagoon-300"
          >
            Open in the page editor to preview and publish
          </Link>
        </p>
      ) : null}
      <div className="mt-6">
        {selected ? (
          <BlockList key={selected.id} pageId={selected.id} />
        ) : (
          <p className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center text-sm text-stone-600 dark:border-white/15 dark:bg-abyss-900 dark:text-stone-300">
            {pageId && !pages.isPending ? 'That page does not exist (it may have been deleted). ' : ''}Choose a page to
            see and edit its content blocks.
          </p>
        )}
      </div>
    </section>
  );
}
