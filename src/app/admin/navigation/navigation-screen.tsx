import * as Switch from '@radix-ui/react-switch';
import * as Tabs from '@radix-ui/react-tabs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowLeft, ArrowRight, ArrowUp, GripVertical, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type DragEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { MenuType, NavigationNode } from '../../../features/navigation/navigation.dto';
import { api } from '../../../shared/lib/api-client';
import { Button } from '../../../shared/ui/button';
import { Spinner } from '../../../shared/ui/spinner';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { toastFailure, toastSuccess } from '../ui/toasts';
import { NavigationItemDialog } from './navigation-item-dialog';
import {
  dropZone,
  flattenTree,
  isDescendant,
  keyboardMoveTarget,
  type DropPosition,
  type KeyboardMove,
} from './navigation-tree';

const indentPx = 24;

const tabTrigger =
  'border-b-2 border-transparent px-3 py-2 text-sm font-medium text-stone-600 data-[state=active]:border-lagoon-600 data-[state=active]:text-lagoon-800 dark:text-stone-400 dark:data-[state=active]:text-lagoon-200';

/** 'Navigation Management (Drag & Drop)': the header and footer menus as trees. */
export function NavigationScreen() {
  const [params, setParams] = useSearchParams();
  const menu: MenuType = params.get('menu') === 'footer' ? 'footer' : 'header';
  return (
    <section aria-labelledby="navigation-title">
      <h2 id="navigation-title" className="text-lg font-semibold text-stone-900 dark:text-stone-50">
        Navigation Management (Drag & Drop)
      </h2>
      <Tabs.Root value={menu} onValueChange={(value) => setParams({ menu: value }, { replace: true })} className="mt-3">
        <Tabs.List aria-label="Menus" className="flex gap-1 border-b border-stone-200 dark:border-white/10">
          <Tabs.Trigger value="header" className={tabTrigger}>
            Header Navigation
          </Tabs.Trigger>
          <Tabs.Trigger value="footer" className={tabTrigger}>
            Footer Navigation
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="header" className="mt-4">
          <MenuTree menu="header" />
        </Tabs.Content>
        <Tabs.Content value="footer" className="mt-4">
          <MenuTree menu="footer" />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}

function MenuTree({ menu }: { menu: MenuType }) {
  const queryClient = useQueryClient();
  const queryKey = ['navigation', 'admin', menu];
  const tree = useQuery({
    queryKey,
    queryFn: () =>
      api.get<{ items: NavigationNode[] }>(`/api/v1/navigation/admin?menu=${menu}`).then((body) => body.items),
  });
  const [dialog, setDialog] = useState<{ open: boolean; item: NavigationNode | null }>({ open: false, item: null });
  const [deleting, setDeleting] = useState<NavigationNode | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [hover, setHover] = useState<{ id: string; zone: DropPosition } | null>(null);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['navigation'] });

  const move = useMutation({
    mutationFn: (input: { id: string; targetId: string; position: DropPosition }) =>
      api.post<{ items: NavigationNode[] }>(`/api/v1/navigation/${input.id}/move`, {
        targetId: input.targetId,
        position: input.position,
      }),
    onSuccess: (result) => {
      queryClient.setQueryData(queryKey, result.items);
      refresh();
      toastSuccess('Navigation updated');
    },
    onError: (error) => toastFailure('Failed to update navigation hierarchy.', error),
  });

  const toggle = useMutation({
    mutationFn: (node: NavigationNode) =>
      api.patch(`/api/v1/navigation/${node.id}`, { version: node.version, is_active: !node.is_active }),
    onSuccess: () => {
      refresh();
      toastSuccess('Navigation item updated');
    },
    onError: (error) => toastFailure('Failed to update navigation item.', error),
  });

  const remove = useMutation({
    mutationFn: (node: NavigationNode) => api.delete(`/api/v1/navigation/${node.id}`),
    onSuccess: () => {
      setDeleting(null);
      refresh();
      toastSuccess('Navigation item deleted');
    },
    onError: (error) => toastFailure('Failed to delete navigation item.', error),
  });

  if (tree.isPending) return <Spinner className="size-6" label="Loading navigation" />;
  if (tree.isError) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-800">
        The menu could not be loaded.
      </p>
    );
  }
  const nodes = tree.data;
  const rows = flattenTree(nodes);

  const onDrop = (event: DragEvent, targetId: string) => {
    event.preventDefault();
    const zone = hover?.id === targetId ? hover.zone : null;
    const id = dragging;
    setHover(null);
    setDragging(null);
    // Dropping on itself, into its own subtree or without a position does nothing.
    if (!id || !zone || id === targetId || isDescendant(nodes, id, targetId)) return;
    move.mutate({ id, targetId, position: zone });
  };

  const keyboardMove = (index: number, direction: KeyboardMove) => {
    const item = rows[index];
    if (!item) return;
    const target = keyboardMoveTarget(item, direction);
    if (target) move.mutate({ id: item.node.id, ...target });
  };

  return (
    <div>
      <div className="mb-3 flex items-center justify-between gap-3">
        <p className="text-sm text-stone-600 dark:text-stone-400">
          Drag an item onto another: its top quarter puts it before, the bottom quarter after, the middle makes it a
          child. Or use the arrow buttons.
        </p>
        <Button
          icon={<Plus aria-hidden="true" className="size-4" />}
          onClick={() => setDialog({ open: true, item: null })}
        >
          Add Navigation Item
        </Button>
      </div>
      {rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center text-sm text-stone-600 dark:border-white/15 dark:bg-abyss-900">
          This menu has no items yet.
        </p>
      ) : (
        <ul
          aria-label={`${menu === 'header' ? 'Header' : 'Footer'} navigation`}
          className="overflow-hidden rounded-xl border border-stone-200 bg-white dark:border-white/10 dark:bg-abyss-900"
        >
          {rows.map((row, index) => {
            const { node, depth } = row;
            const zone = hover?.id === node.id ? hover.zone : null;
            return (
              <li
                key={node.id}
                draggable
                aria-label={`${node.title}, level ${depth + 1}`}
                onDragStart={(event) => {
                  event.dataTransfer.setData('text/plain', node.id);
                  event.dataTransfer.effectAllowed = 'move';
                  setDragging(node.id);
                }}
                onDragEnd={() => {
                  setDragging(null);
                  setHover(null);
                }}
                onDragOver={(event) => {
                  if (!dragging || dragging === node.id) return;
                  event.preventDefault();
                  const rect = event.currentTarget.getBoundingClientRect();
                  const next = dropZone(event.clientY - rect.top, rect.height);
                  if (hover?.id !== node.id || hover.zone !== next) setHover({ id: node.id, zone: next });
                }}
                onDragLeave={() => hover?.id === node.id && setHover(null)}
                onDrop={(event) => onDrop(event, node.id)}
                className={`relative flex items-center gap-2 border-b border-stone-100 py-2 pr-2 last:border-b-0 dark:border-white/5 ${dragging === node.id ? 'opacity-40' : ''} ${
                  zone === 'inside' ? 'bg-lagoon-50 ring-2 ring-lagoon-400 ring-inset dark:bg-lagoon-950' : ''
                }`}
                style={{ paddingLeft: 8 + depth * indentPx }}
              >
                {zone === 'before' ? (
                  <span aria-hidden="true" className="absolute inset-x-0 top-0 h-0.5 bg-lagoon-500" />
                ) : null}
                {zone === 'after' ? (
                  <span aria-hidden="true" className="absolute inset-x-0 bottom-0 h-0.5 bg-lagoon-500" />
                ) : null}
                <GripVertical aria-hidden="true" className="size-4 shrink-0 cursor-grab text-stone-400" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-stone-900 dark:text-stone-100">{node.title}</p>
                  <p className="truncate font-mono text-xs text-stone-500">{node.link_url}</p>
                </div>
                <label className="flex items-center gap-2 text-xs text-stone-600 dark:text-stone-300">
                  <Switch.Root
                    checked={node.is_active}
                    onCheckedChange={() => toggle.mutate(node)}
                    aria-label={`${node.title} active`}
                    className="relative h-5 w-9 rounded-full bg-stone-300 transition data-[state=checked]:bg-lagoon-600"
                  >
                    <Switch.Thumb className="block size-4 translate-x-0.5 rounded-full bg-white shadow transition data-[state=checked]:translate-x-[18px]" />
                  </Switch.Root>
                  <span className="w-12">{node.is_active ? 'Active' : 'Inactive'}</span>
                </label>
                <div className="flex items-center">
                  {(
                    [
                      ['up', ArrowUp, 'Move up'],
                      ['down', ArrowDown, 'Move down'],
                      ['outdent', ArrowLeft, 'Outdent'],
                      ['indent', ArrowRight, 'Indent'],
                    ] as const
                  ).map(([direction, Icon, label]) => (
                    <button
                      key={direction}
                      type="button"
                      disabled={!keyboardMoveTarget(row, direction) || move.isPending}
                      onClick={() => keyboardMove(index, direction)}
                      aria-label={`${label}: ${node.title}`}
                      title={label}
                      className="rounded p-1.5 text-stone-500 hover:bg-stone-100 disabled:opacity-25 dark:hover:bg-white/5"
                    >
                      <Icon aria-hidden="true" className="size-4" />
                    </button>
                  ))}
                  <button
                    type="button"
                    onClick={() => setDialog({ open: true, item: node })}
                    aria-label={`Edit ${node.title}`}
                    className="rounded p-1.5 text-stone-500 hover:bg-stone-100 dark:hover:bg-white/5"
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                  </button>
                  <button
                    type="button"
                    onClick={() => setDeleting(node)}
                    aria-label={`Delete ${node.title}`}
                    className="rounded p-1.5 text-stone-500 hover:bg-red-50 hover:text-red-700"
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <NavigationItemDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        menu={menu}
        item={dialog.item}
        onSaved={refresh}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete navigation item"
        description={
          deleting
            ? `Are you sure you want to delete "${deleting.title}"?${deleting.children.length > 0 ? ` Its ${deleting.children.length} child item${deleting.children.length === 1 ? '' : 's'} will be deleted too.` : ' Any child items are deleted too.'} This action cannot be undone.`
            : ''
        }
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </div>
  );
}
