import * as Switch from '@radix-ui/react-switch';
import * as Tabs from '@radix-ui/react-tabs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowLeft, ArrowRight, ArrowUp, ListPlus, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { MenuType, NavigationNode } from '../../../features/navigation/navigation.dto';
import { api } from '../../../shared/lib/api-client';
import { localeNames, locales, type Locale } from '../../../shared/lib/locale';
import { Button } from '../../../shared/ui/button';
import { explainRefusal, SortableRoot, type TreeMove } from '../../../shared/ui/sortable-root';
import { DragHandle, useSortableRow } from '../../../shared/ui/sortable-row';
import { refusalOf } from '../../../shared/ui/sortable-tree';
import { Spinner } from '../../../shared/ui/spinner';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { PageLinkSearchProvider } from '../ui/page-link-search-provider';
import { toastFailure, toastSuccess } from '../ui/toasts';
import { NavigationItemDialog } from './navigation-item-dialog';
import { canHaveChildren } from './navigation-placement';
import {
  flattenTree,
  keyboardMoveTarget,
  maxMenuDepth,
  menuDepthLimitText,
  type FlatNavItem,
  type KeyboardMove,
} from './navigation-tree';

const indentPx = 24;

const tabTrigger =
  'border-b-2 border-transparent px-3 py-2 text-sm font-medium text-stone-600 data-[state=active]:border-lagoon-600 data-[state=active]:text-lagoon-800 dark:text-stone-400 dark:data-[state=active]:text-lagoon-200';

const languageItem =
  'inline-flex h-8 items-center rounded-md px-3 text-sm font-medium whitespace-nowrap outline-offset-1 transition';

/**
 * 'Navigation Management (Drag & Drop)': the header and footer menus as trees, one set per
 * language (decision 44); `?lang=es` shows the Spanish menus.
 */
export function NavigationScreen() {
  const [params, setParams] = useSearchParams();
  const menu: MenuType = params.get('menu') === 'footer' ? 'footer' : 'header';
  const locale: Locale = params.get('lang') === 'es' ? 'es' : 'en';
  const show = (next: { menu?: MenuType; locale?: Locale }) =>
    setParams(
      {
        menu: next.menu ?? menu,
        ...((next.locale ?? locale) === 'en' ? {} : { lang: next.locale ?? locale }),
      },
      { replace: true },
    );
  return (
    <section aria-labelledby="navigation-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="navigation-title" className="text-lg font-semibold text-stone-900 dark:text-stone-50">
          Navigation Management (Drag & Drop)
        </h2>
        <div
          role="group"
          aria-label="Menu language"
          className="inline-flex items-center gap-0.5 rounded-lg bg-stone-100 p-1 ring-1 ring-stone-200 dark:bg-white/5 dark:ring-white/10"
        >
          {locales.map((code) => (
            <button
              key={code}
              type="button"
              lang={code}
              aria-pressed={code === locale}
              onClick={() => show({ locale: code })}
              className={`${languageItem} ${
                code === locale
                  ? 'bg-white text-stone-900 shadow-sm ring-1 ring-stone-200 dark:bg-abyss-800 dark:text-stone-50 dark:ring-white/15'
                  : 'text-stone-600 hover:text-stone-900 dark:text-stone-300 dark:hover:text-stone-50'
              }`}
            >
              {localeNames[code]}
            </button>
          ))}
        </div>
      </div>
      <Tabs.Root value={menu} onValueChange={(value) => show({ menu: value as MenuType })} className="mt-3">
        <Tabs.List aria-label="Menus" className="flex gap-1 border-b border-stone-200 dark:border-white/10">
          <Tabs.Trigger value="header" className={tabTrigger}>
            Header Navigation
          </Tabs.Trigger>
          <Tabs.Trigger value="footer" className={tabTrigger}>
            Footer Navigation
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="header" className="mt-4">
          <MenuTree key={`header-${locale}`} menu="header" locale={locale} />
        </Tabs.Content>
        <Tabs.Content value="footer" className="mt-4">
          <MenuTree key={`footer-${locale}`} menu="footer" locale={locale} />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}

function MenuTree({ menu, locale }: { menu: MenuType; locale: Locale }) {
  const queryClient = useQueryClient();
  const queryKey = ['navigation', 'admin', menu, locale];
  const tree = useQuery({
    queryKey,
    queryFn: () =>
      api
        .get<{ items: NavigationNode[] }>(`/api/v1/navigation/admin?menu=${menu}&locale=${locale}`)
        .then((body) => body.items),
  });
  const [dialog, setDialog] = useState<{ open: boolean; item: NavigationNode | null; parentId: string | null }>({
    open: false,
    item: null,
    parentId: null,
  });
  const [deleting, setDeleting] = useState<NavigationNode | null>(null);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['navigation'] });

  const move = useMutation({
    mutationFn: (input: TreeMove) =>
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
  const rows = flattenTree(tree.data);
  const items = rows.map((row) => ({ id: row.node.id, label: row.node.title, depth: row.depth }));
  const refuse = (reason: string) => toast.error('Not moved', { description: reason });

  // The arrow buttons follow the same rules as a drag, depth limit included.
  const buttonMove = (row: FlatNavItem, direction: KeyboardMove) => {
    const target = keyboardMoveTarget(row, direction);
    if (!target) return;
    const refusal = refusalOf(items, row.node.id, target, maxMenuDepth);
    if (refusal) refuse(explainRefusal(items, row.node.id, refusal, target, menuDepthLimitText));
    else move.mutate({ id: row.node.id, ...target });
  };

  return (
    <div>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-prose text-sm text-stone-600 dark:text-stone-400">
          Drag an item by its handle onto another: the top quarter of a row puts it before, the bottom quarter after,
          the middle inside. On a touch screen, press and hold the handle first. With the keyboard, press Space on a
          handle, then the arrow keys. Menus have at most {maxMenuDepth} levels.
        </p>
        <Button
          icon={<Plus aria-hidden="true" className="size-4" />}
          onClick={() => setDialog({ open: true, item: null, parentId: null })}
        >
          Add Navigation Item
        </Button>
      </div>
      {rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center text-sm text-stone-600 dark:border-white/15 dark:bg-abyss-900">
          This menu has no items yet.
        </p>
      ) : (
        <SortableRoot
          mode="tree"
          items={items}
          itemNoun="menu item"
          maxDepth={maxMenuDepth}
          depthLimitText={menuDepthLimitText}
          indentPx={indentPx}
          indentStartPx={8}
          onMove={(input) => move.mutate(input)}
          onRefuse={refuse}
        >
          <ul
            aria-label={`${menu === 'header' ? 'Header' : 'Footer'} navigation`}
            className="rounded-xl border border-stone-200 bg-white dark:border-white/10 dark:bg-abyss-900"
          >
            {rows.map((row) => (
              <NavigationRow
                key={row.node.id}
                row={row}
                busy={move.isPending}
                onMove={(direction) => buttonMove(row, direction)}
                onToggle={() => toggle.mutate(row.node)}
                onEdit={() => setDialog({ open: true, item: row.node, parentId: null })}
                onAddChild={() => setDialog({ open: true, item: null, parentId: row.node.id })}
                onDelete={() => setDeleting(row.node)}
              />
            ))}
          </ul>
        </SortableRoot>
      )}
      <PageLinkSearchProvider locale={locale}>
        <NavigationItemDialog
          open={dialog.open}
          onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
          menu={menu}
          locale={locale}
          tree={tree.data}
          item={dialog.item}
          parentId={dialog.parentId}
          onSaved={refresh}
        />
      </PageLinkSearchProvider>
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

const rowButton =
  'inline-flex size-7 items-center justify-center rounded text-stone-500 hover:bg-stone-100 disabled:opacity-25 pointer-coarse:size-9 dark:hover:bg-white/5';

function NavigationRow({
  row,
  busy,
  onMove,
  onToggle,
  onEdit,
  onAddChild,
  onDelete,
}: {
  row: FlatNavItem;
  busy: boolean;
  onMove: (direction: KeyboardMove) => void;
  onToggle: () => void;
  onEdit: () => void;
  onAddChild: () => void;
  onDelete: () => void;
}) {
  const { node, depth } = row;
  const sortable = useSortableRow(node.id);
  return (
    <li
      ref={sortable.rowRef}
      aria-label={`${node.title}, level ${depth + 1}`}
      className={`relative flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-stone-100 py-2 pr-2 first:rounded-t-xl last:rounded-b-xl last:border-b-0 dark:border-white/5 ${
        sortable.isMoving ? 'opacity-40' : ''
      } ${sortable.dropClassName}`}
      style={{ paddingLeft: 8 + depth * indentPx }}
    >
      {sortable.dropIndicator}
      <DragHandle handle={sortable.handle} label={`Drag to move ${node.title}`} />
      {/* Titles and addresses wrap rather than cut off: on a phone the whole row width is theirs. */}
      <div className="min-w-0 flex-1 basis-40">
        <p className="text-sm font-medium break-words text-stone-900 dark:text-stone-100">{node.title}</p>
        <p className="font-mono text-xs break-all text-stone-500">{node.link_url}</p>
      </div>
      <div className="flex min-w-0 flex-wrap items-center justify-end gap-x-2 gap-y-1 max-sm:w-full">
        <label className="flex items-center gap-2 text-xs text-stone-600 dark:text-stone-300">
          <Switch.Root
            checked={node.is_active}
            onCheckedChange={onToggle}
            aria-label={`${node.title} active`}
            className="relative h-5 w-9 rounded-full bg-stone-300 transition data-[state=checked]:bg-lagoon-600"
          >
            <Switch.Thumb className="block size-4 translate-x-0.5 rounded-full bg-white shadow transition data-[state=checked]:translate-x-[18px]" />
          </Switch.Root>
          <span className="w-12">{node.is_active ? 'Active' : 'Inactive'}</span>
        </label>
        <div className="flex flex-wrap items-center justify-end">
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
              disabled={!keyboardMoveTarget(row, direction) || busy}
              onClick={() => onMove(direction)}
              aria-label={`${label}: ${node.title}`}
              title={label}
              className={rowButton}
            >
              <Icon aria-hidden="true" className="size-4" />
            </button>
          ))}
          <button
            type="button"
            onClick={onAddChild}
            disabled={!canHaveChildren(depth)}
            aria-haspopup="dialog"
            aria-label={`Add child item under ${node.title}`}
            title={canHaveChildren(depth) ? 'Add child item' : `Add child item: ${menuDepthLimitText}`}
            className={rowButton}
          >
            <ListPlus aria-hidden="true" className="size-4" />
          </button>
          <button type="button" onClick={onEdit} aria-label={`Edit ${node.title}`} className={rowButton}>
            <Pencil aria-hidden="true" className="size-4" />
          </button>
          <button
            type="button"
            onClick={onDelete}
            aria-label={`Delete ${node.title}`}
            className={`${rowButton} hover:bg-red-50 hover:text-red-700`}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        </div>
      </div>
    </li>
  );
}
