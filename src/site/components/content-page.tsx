import { BlockRenderProvider, type BlockRenderContext } from '../../features/blocks/render-context';
import { RenderBlock } from '../../features/blocks/renderers';

export interface ContentPageProps {
  title: string;
  isDraft: boolean;
  blocks: Array<{ id: string; type: string; data: unknown }>;
  context: BlockRenderContext;
}

/** A stored page: its active blocks in order. A first block that is not a hero gets the title as h1 above it. */
export function ContentPage({ title, isDraft, blocks, context }: ContentPageProps) {
  const firstHoldsTitle =
    blocks[0] !== undefined && ['hero', 'text', 'cards', 'features', 'gallery', 'cta'].includes(blocks[0].type);
  return (
    <BlockRenderProvider value={context}>
      {isDraft ? (
        <div role="status" className="bg-amber-100 px-5 py-2 text-center text-sm font-semibold text-amber-900">
          Draft — this page is not published. Only signed-in editors can see this preview.
        </div>
      ) : null}
      {firstHoldsTitle ? null : (
        <div className="mx-auto max-w-6xl px-5 pt-14 sm:px-8">
          <h1 className="font-display text-4xl font-semibold tracking-tight text-stone-900 sm:text-5xl dark:text-stone-50">
            {title}
          </h1>
        </div>
      )}
      {blocks.map((block, index) => (
        <RenderBlock
          key={block.id}
          type={block.type}
          data={block.data}
          position={firstHoldsTitle ? index : index + 1}
        />
      ))}
    </BlockRenderProvider>
  );
}

export interface EmptyPageProps {
  slug: string;
  /** Only shown to signed-in admins (issue 5.7): the page id and what the database holds. */
  diagnostics: { pageId: string | null; pageCount: number; slugs: string[] } | null;
}

export function EmptyPage({ slug, diagnostics }: EmptyPageProps) {
  return (
    <div className="mx-auto max-w-3xl px-5 py-24 sm:px-8">
      <h1 className="font-display text-4xl font-semibold text-stone-900 dark:text-stone-50">Page Content</h1>
      <p className="mt-4 text-lg text-stone-600 dark:text-stone-400">No content blocks found for this page.</p>
      {diagnostics ? (
        <dl className="mt-8 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-2xl border border-stone-200 bg-white p-6 text-sm dark:border-white/10 dark:bg-abyss-900">
          <dt className="font-semibold">Page id</dt>
          <dd className="font-mono">{diagnostics.pageId ?? 'Page not found in database.'}</dd>
          <dt className="font-semibold">Slug</dt>
          <dd className="font-mono">{slug}</dd>
          <dt className="font-semibold">Pages</dt>
          <dd>{diagnostics.pageCount}</dd>
          <dt className="font-semibold">Slugs</dt>
          <dd className="font-mono break-words">{diagnostics.slugs.join(', ')}</dd>
        </dl>
      ) : null}
    </div>
  );
}
