import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { blockLabel, blockSpokenName } from '../../../features/blocks/block-label';
import { moveItem } from '../../../features/blocks/list-ops';
import type { BlockDto } from '../../../features/pages/pages.dto';
import { api } from '../../../shared/lib/api-client';
import { Button } from '../../../shared/ui/button';
import { SortableRoot } from '../../../shared/ui/sortable-root';
import { Spinner } from '../../../shared/ui/spinner';
import { toastFailure, toastSuccess } from '../ui/toasts';
import { AddBlockDialog } from './add-block-dialog';
import { QuickAddBar } from './quick-add-bar';
import { BlockItem } from './block-item';

export const blocksQueryKey = (pageId: string) => ['blocks', pageId] as const;

/**
 * Every block of one page, inactive ones too: edit, preview, activate, delete, add, and
 * reorder by drag and drop or keyboard (orders stay 1..n; the server saves them in one transaction).
 */
export function BlockList({ pageId, onDirtyChange }: { pageId: string; onDirtyChange?: (dirty: boolean) => void }) {
  const queryClient = useQueryClient();
  const blocks = useQuery({
    queryKey: blocksQueryKey(pageId),
    queryFn: () => api.get<{ blocks: BlockDto[] }>(`/api/v1/pages/${pageId}/blocks`).then((body) => body.blocks),
  });
  const [order, setOrder] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [dirtyBlocks, setDirtyBlocks] = useState<Set<string>>(new Set());
  // The Add block dialog: open, and the block the new one goes after (null: at the end).
  const [adding, setAdding] = useState<{ after: BlockDto | null } | null>(null);
  // A block just added or duplicated: opened, scrolled to and focused once it is on screen.
  const [focusId, setFocusId] = useState<string | null>(null);

  useEffect(() => {
    if (blocks.data) setOrder(blocks.data.map((block) => block.id));
  }, [blocks.data]);

  useEffect(() => onDirtyChange?.(dirtyBlocks.size > 0), [dirtyBlocks, onDirtyChange]);

  useEffect(() => {
    if (!focusId || !order.includes(focusId)) return;
    setFocusId(null);
    requestAnimationFrame(() => {
      const toggle = document.querySelector<HTMLElement>(
        `li[data-block-id="${CSS.escape(focusId)}"] [data-block-toggle]`,
      );
      toggle?.scrollIntoView({ block: 'center' });
      toggle?.focus();
    });
  }, [focusId, order]);

  const byId = useMemo(() => new Map((blocks.data ?? []).map((block) => [block.id, block])), [blocks.data]);
  // A block write changes the page's draft state ('Unpublished changes') and the pages list.
  const draftChanged = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['pages'] });
    void queryClient.invalidateQueries({ queryKey: ['page', pageId] });
  }, [queryClient, pageId]);
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: blocksQueryKey(pageId) });
    draftChanged();
  }, [queryClient, pageId, draftChanged]);

  const reorder = useMutation({
    mutationFn: (ids: string[]) => api.put<{ blocks: BlockDto[] }>(`/api/v1/pages/${pageId}/blocks/order`, { ids }),
    onSuccess: (result) => {
      queryClient.setQueryData(blocksQueryKey(pageId), result.blocks);
      draftChanged();
      toastSuccess('Blocks reordered');
    },
    onError: (error) => {
      setOrder((blocks.data ?? []).map((block) => block.id));
      toastFailure('Failed to reorder blocks.', error);
    },
  });

  const move = (from: number, to: number) => {
    if (to < 0 || to >= order.length || from === to) return;
    const next = moveItem(order, from, to);
    setOrder(next);
    reorder.mutate(next);
  };

  /** A new block from the server goes into the list at its place; the ones below it move down one. */
  const placeCreated = (created: BlockDto) => {
    queryClient.setQueryData<BlockDto[]>(blocksQueryKey(pageId), (current = []) => {
      const next = [...current];
      next.splice(created.block_order - 1, 0, created);
      return next.map((block, index) =>
        block.block_order === index + 1 ? block : { ...block, block_order: index + 1 },
      );
    });
    setExpanded((current) => new Set(current).add(created.id));
    setFocusId(created.id);
    draftChanged();
  };

  const duplicate = async (source: BlockDto, data: Record<string, unknown>) => {
    try {
      const { block } = await api.post<{ block: BlockDto }>(`/api/v1/pages/${pageId}/blocks`, {
        block_type: source.block_type,
        block_data: data,
        after_id: source.id,
      });
      toastSuccess('Block duplicated', 'The copy is right below the original, open for editing.');
      placeCreated(block);
    } catch (error) {
      toastFailure('Failed to duplicate the block.', error);
      refresh();
    }
  };

  const setDirty = useCallback((id: string, dirty: boolean) => {
    setDirtyBlocks((current) => {
      if (current.has(id) === dirty) return current;
      const next = new Set(current);
      if (dirty) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  if (blocks.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner className="size-6" label="Loading blocks" />
      </div>
    );
  }
  if (blocks.isError) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-800">
        The blocks could not be loaded. {blocks.error instanceof Error ? blocks.error.message : ''}
      </p>
    );
  }

  return (
    <div>
      <div className="mb-3 flex items-center justify-between gap-3">
        <p className="min-w-0 text-sm text-stone-600 dark:text-stone-400">
          {order.length === 0
            ? 'This page has no blocks yet.'
            : `${order.length} ${order.length === 1 ? 'block' : 'blocks'}. Drag a handle, or use Move up / Move down, to reorder. A block's menu (…) adds a block below it or duplicates it.`}
        </p>
        <Button
          className="shrink-0"
          icon={<Plus aria-hidden="true" className="size-4" />}
          onClick={() => setAdding({ after: null })}
        >
          Add block
        </Button>
      </div>
      <SortableRoot
        mode="list"
        itemNoun="block"
        items={order.map((id, index) => {
          const block = byId.get(id);
          // Announcements name the block by what it says, not by its number or id.
          return { id, label: block ? blockSpokenName(block) : `Block ${index + 1}` };
        })}
        onReorder={move}
      >
        <ol className="space-y-2" aria-label="Content blocks">
          {order.map((id, index) => {
            const block = byId.get(id);
            if (!block) return null;
            return (
              <BlockItem
                key={id}
                block={block}
                position={index + 1}
                total={order.length}
                expanded={expanded.has(id)}
                onToggle={() =>
                  setExpanded((current) => {
                    const next = new Set(current);
                    if (next.has(id)) next.delete(id);
                    else next.add(id);
                    return next;
                  })
                }
                onOpen={() => setExpanded((current) => (current.has(id) ? current : new Set(current).add(id)))}
                onMove={(delta) => move(index, index + delta)}
                onAddBelow={() => setAdding({ after: block })}
                onDuplicate={(data) => duplicate(block, data)}
                onSaved={(saved) => {
                  queryClient.setQueryData<BlockDto[]>(blocksQueryKey(pageId), (current) =>
                    current?.map((item) => (item.id === saved.id ? saved : item)),
                  );
                  draftChanged();
                }}
                onRefresh={refresh}
                onDirtyChange={(dirty) => setDirty(id, dirty)}
              />
            );
          })}
        </ol>
      </SortableRoot>
      <QuickAddBar pageId={pageId} onCreated={placeCreated} />
      <AddBlockDialog
        open={adding !== null}
        onOpenChange={(open) => setAdding((current) => (open ? (current ?? { after: null }) : null))}
        pageId={pageId}
        after={
          adding?.after
            ? { id: adding.after.id, label: blockLabel(adding.after, order.indexOf(adding.after.id) + 1) }
            : null
        }
        onCreated={placeCreated}
      />
    </div>
  );
}
