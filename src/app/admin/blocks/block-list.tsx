import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { blockLabel } from '../../../features/blocks/block-label';
import { moveItem } from '../../../features/blocks/list-ops';
import type { BlockDto } from '../../../features/pages/pages.dto';
import { api } from '../../../shared/lib/api-client';
import { Button } from '../../../shared/ui/button';
import { SortableRoot } from '../../../shared/ui/sortable-root';
import { Spinner } from '../../../shared/ui/spinner';
import { toastFailure, toastSuccess } from '../ui/toasts';
import { AddBlockDialog } from './add-block-dialog';
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
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    if (blocks.data) setOrder(blocks.data.map((block) => block.id));
  }, [blocks.data]);

  useEffect(() => onDirtyChange?.(dirtyBlocks.size > 0), [dirtyBlocks, onDirtyChange]);

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
        <p className="text-sm text-stone-600 dark:text-stone-400">
          {order.length === 0
            ? 'This page has no blocks yet.'
            : `${order.length} ${order.length === 1 ? 'block' : 'blocks'}. Drag a handle, or use Move up / Move down, to reorder.`}
        </p>
        <Button icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => setAdding(true)}>
          Add block
        </Button>
      </div>
      <SortableRoot
        mode="list"
        itemNoun="block"
        items={order.map((id, index) => {
          const block = byId.get(id);
          return { id, label: block ? blockLabel(block, index + 1) : `Block ${index + 1}` };
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
                onMove={(delta) => move(index, index + delta)}
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
      <AddBlockDialog
        open={adding}
        onOpenChange={setAdding}
        pageId={pageId}
        onCreated={(block) => {
          queryClient.setQueryData<BlockDto[]>(blocksQueryKey(pageId), (current) => [...(current ?? []), block]);
          setExpanded((current) => new Set(current).add(block.id));
          draftChanged();
        }}
      />
    </div>
  );
}
