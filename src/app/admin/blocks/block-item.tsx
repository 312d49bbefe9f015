import * as Switch from '@radix-ui/react-switch';
import { ArrowDown, ArrowUp, ChevronDown } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { blockHeadline, blockLabel, blockTypeLabel } from '../../../features/blocks/block-label';
import { BlockDataEditor } from '../../../features/blocks/editors';
import { BlockRenderProvider } from '../../../features/blocks/render-context';
import { RenderBlock } from '../../../features/blocks/renderers';
import type { BlockDto } from '../../../features/pages/pages.dto';
import { api, ApiError } from '../../../shared/lib/api-client';
import { Button } from '../../../shared/ui/button';
import { DragHandle, useSortableRow } from '../../../shared/ui/sortable-row';
import { useAutosave } from '../pages/autosave';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { toastFailure, toastSuccess } from '../ui/toasts';
import { BlockRowMenu } from './block-row-menu';

const previewContext = { images: {}, policy: { webp: true, avif: true, lazy: false } };

/** A server refusal names the field inside block_data ('block_data.ctaLink: Use a site path…'). */
const withoutFieldPath = (message: string) => message.replace(/^block_data[^:]*: /, '');

export function BlockItem({
  block,
  position,
  total,
  expanded,
  onToggle,
  onOpen,
  onMove,
  onSaved,
  onRefresh,
  onDirtyChange,
  onAddBelow,
  onDuplicate,
}: {
  block: BlockDto;
  position: number;
  total: number;
  expanded: boolean;
  onToggle: () => void;
  /** Opens the editor (does nothing when it is open). */
  onOpen: () => void;
  onMove: (delta: number) => void;
  onSaved: (block: BlockDto) => void;
  /** Reload the list from the server (after a delete, or to see someone else's changes). */
  onRefresh: () => void;
  onDirtyChange: (dirty: boolean) => void;
  /** Opens the Add block dialog for a new block right below this one. */
  onAddBelow: () => void;
  /** Adds a copy of this block (with this data) right below it. */
  onDuplicate: (data: Record<string, unknown>) => Promise<void>;
}) {
  const row = useSortableRow(block.id);
  const { rowRef } = row;
  const rowElement = useRef<HTMLLIElement | null>(null);
  const setRowElement = useCallback(
    (element: HTMLLIElement | null) => {
      rowElement.current = element;
      rowRef(element);
    },
    [rowRef],
  );
  // The copy the draft started from: dirty means "differs from what I loaded", not "from the latest".
  const [base, setBase] = useState({ data: block.block_data, version: block.version });
  const [draft, setDraft] = useState<Record<string, unknown>>(block.block_data);
  // The version the next save sends: written as soon as a save answers, before React renders again.
  const versionRef = useRef(block.version);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState(false);
  const [toggling, setToggling] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [duplicating, setDuplicating] = useState(false);
  const idPrefix = `block-${useId().replaceAll(':', '')}`;
  const dirty = JSON.stringify(draft) !== JSON.stringify(base.data);

  // A newer server copy becomes the baseline when nothing is pending; pending edits are kept.
  useEffect(() => {
    if (JSON.stringify(draft) === JSON.stringify(base.data)) {
      setBase({ data: block.block_data, version: block.version });
      setDraft(block.block_data);
      versionRef.current = block.version;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the server copy changes
  }, [block.version]);

  const showFieldError = (error: unknown) => {
    if (error instanceof ApiError && error.field) {
      setErrors({ [error.field.replace(/^block_data\.?/, '')]: error.message.replace(/^[^:]+: /, '') });
    }
  };

  // Typing is saved into the page's draft after a pause (decision 32); what was sent becomes the
  // baseline, so edits made while the save was on its way stay pending instead of being replaced.
  const label = blockLabel({ block_type: block.block_type, block_data: draft }, position);
  const openRef = useRef(onOpen);
  openRef.current = onOpen;
  /** For the editor's unsaved-edits report: open this block and put the cursor in its problem. */
  const reveal = useCallback(() => {
    openRef.current();
    // Two frames: the Content Blocks tab and this block's editor render first.
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        const element = rowElement.current;
        if (!element) return;
        element.scrollIntoView({ block: 'start' });
        // The refused field, else the row's own button (a conflict's notice is right below it).
        const target =
          element.querySelector<HTMLElement>('[aria-invalid="true"]') ??
          element.querySelector<HTMLElement>('[data-block-toggle]');
        target?.focus();
      }),
    );
  }, []);

  const autosave = useAutosave({
    id: `block:${block.id}`,
    label,
    reveal,
    value: draft,
    dirty,
    enabled: !conflict,
    save: async (value, { keepalive }) => {
      try {
        const { block: saved } = await api.patch<{ block: BlockDto }>(
          `/api/v1/blocks/${block.id}?autosave=true`,
          { version: versionRef.current, block_data: value },
          { keepalive },
        );
        versionRef.current = saved.version;
        setErrors({});
        setBase({ data: value, version: saved.version });
        onSaved(saved);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'version_conflict') setConflict(true);
        else showFieldError(error);
        throw error instanceof ApiError
          ? new ApiError(error.status, error.code, withoutFieldPath(error.message))
          : error;
      }
    },
  });

  useEffect(
    () => onDirtyChange(dirty && autosave.status !== 'pending' && autosave.status !== 'saving'),
    [dirty, autosave.status, onDirtyChange],
  );

  /** 'Save block': an explicit save, kept as its own revision. */
  const save = async () => {
    setSaving(true);
    setErrors({});
    try {
      await autosave.flush();
      const { block: saved } = await api.patch<{ block: BlockDto }>(`/api/v1/blocks/${block.id}`, {
        version: versionRef.current,
        block_data: draft,
      });
      versionRef.current = saved.version;
      setConflict(false);
      setBase({ data: saved.block_data, version: saved.version });
      setDraft(saved.block_data);
      onSaved(saved);
      toastSuccess('Block updated', 'Saved in the draft. Publish the page to show it to visitors.');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'version_conflict') {
        setConflict(true);
      } else {
        showFieldError(error);
        toastFailure('Failed to save content block.', error);
      }
    } finally {
      setSaving(false);
    }
  };

  const setActive = async (isActive: boolean) => {
    setToggling(true);
    try {
      await autosave.flush();
      const { block: saved } = await api.patch<{ block: BlockDto }>(`/api/v1/blocks/${block.id}`, {
        version: versionRef.current,
        is_active: isActive,
      });
      // Our own change: a draft based on the copy we just changed stays current.
      versionRef.current = saved.version;
      setBase((current) => ({ ...current, version: saved.version }));
      onSaved(saved);
      toastSuccess(
        'Block updated',
        isActive
          ? 'The block is active in the draft; visitors see it once the page is published.'
          : 'The block is hidden in the draft; visitors stop seeing it once the page is published.',
      );
    } catch (error) {
      if (error instanceof ApiError && error.code === 'version_conflict') setConflict(true);
      else toastFailure('Failed to save content block.', error);
    } finally {
      setToggling(false);
    }
  };

  const remove = async () => {
    setDeleting(true);
    try {
      await api.delete(`/api/v1/blocks/${block.id}`);
      toastSuccess('Block deleted');
      setConfirmDelete(false);
      onDirtyChange(false);
      onRefresh();
    } catch (error) {
      toastFailure('Failed to delete content block.', error);
    } finally {
      setDeleting(false);
    }
  };

  /** 'Duplicate': pending typing is saved first, so the copy has what the editor sees. */
  const duplicate = async () => {
    setDuplicating(true);
    try {
      if (!(await autosave.flush())) {
        toast.error('Error', {
          description: `${label} has edits that are not saved. Resolve them, then duplicate it.`,
        });
        reveal();
        return;
      }
      await onDuplicate(draft);
    } finally {
      setDuplicating(false);
    }
  };

  const typeLabel = blockTypeLabel(block.block_type);
  const headline = blockHeadline(draft);

  return (
    <li
      ref={setRowElement}
      data-block-id={block.id}
      aria-label={label}
      className={`relative scroll-mt-4 rounded-xl border border-stone-200 bg-white dark:border-white/10 dark:bg-abyss-900 ${
        row.isMoving ? 'opacity-50' : block.is_active ? '' : 'opacity-75'
      }`}
    >
      {row.dropIndicator}
      <div className="flex items-center gap-1 px-1.5 py-1.5 sm:gap-2 sm:px-2 sm:py-2">
        <DragHandle handle={row.handle} label={`Drag to reorder block ${position}`} />
        <span className="w-5 shrink-0 text-center font-mono text-xs text-stone-500 sm:w-6" aria-hidden="true">
          {position}
        </span>
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={expanded}
          data-block-toggle=""
          className="flex min-h-8 min-w-0 flex-1 items-center gap-2 rounded text-left"
        >
          {/* 'Hero · Cenote Nicte Ha': up to two lines on a phone, one on wider screens, then an ellipsis. */}
          <span className="line-clamp-2 min-w-0 flex-1 text-sm break-words text-stone-800 sm:line-clamp-none sm:truncate dark:text-stone-200">
            <span className="font-semibold text-lagoon-800 dark:text-lagoon-200">{typeLabel}</span>
            {headline ? (
              <>
                <span className="text-stone-400" aria-hidden="true">
                  {' · '}
                </span>
                <span className="sr-only">: </span>
                {headline}
              </>
            ) : null}
          </span>
          {autosave.status === 'retrying' || autosave.status === 'conflict' || autosave.status === 'invalid' ? (
            <span className="shrink-0 text-xs font-medium text-red-700 dark:text-red-300">Not saved</span>
          ) : dirty ? (
            <span className="shrink-0 text-xs font-medium text-amber-700 dark:text-amber-300">Unsaved</span>
          ) : null}
          <ChevronDown
            aria-hidden="true"
            className={`size-4 shrink-0 text-stone-400 transition ${expanded ? 'rotate-180' : ''}`}
          />
          <span className="sr-only">{expanded ? 'Close editor' : 'Edit block'}</span>
        </button>
        <label className="flex shrink-0 items-center gap-2 text-xs text-stone-600 dark:text-stone-300">
          <Switch.Root
            checked={block.is_active}
            disabled={toggling}
            onCheckedChange={(checked) => void setActive(checked)}
            aria-label={`Block ${position} active`}
            className="relative h-5 w-9 rounded-full bg-stone-300 transition data-[state=checked]:bg-lagoon-600 disabled:opacity-50"
          >
            <Switch.Thumb className="block size-4 translate-x-0.5 rounded-full bg-white shadow transition data-[state=checked]:translate-x-[18px]" />
          </Switch.Root>
          <span className="hidden w-12 sm:inline">{block.is_active ? 'Active' : 'Inactive'}</span>
        </label>
        {/* The arrows are also in the row's menu: narrow screens keep the row for the block's name. */}
        <button
          type="button"
          onClick={() => onMove(-1)}
          disabled={position === 1}
          aria-label={`Move block ${position} up`}
          className="hidden rounded p-1.5 text-stone-500 hover:bg-stone-100 disabled:opacity-30 sm:inline-flex dark:hover:bg-white/5"
        >
          <ArrowUp aria-hidden="true" className="size-4" />
        </button>
        <button
          type="button"
          onClick={() => onMove(1)}
          disabled={position === total}
          aria-label={`Move block ${position} down`}
          className="hidden rounded p-1.5 text-stone-500 hover:bg-stone-100 disabled:opacity-30 sm:inline-flex dark:hover:bg-white/5"
        >
          <ArrowDown aria-hidden="true" className="size-4" />
        </button>
        <BlockRowMenu
          position={position}
          total={total}
          busy={duplicating}
          onAddBelow={onAddBelow}
          onDuplicate={() => void duplicate()}
          onMove={onMove}
          onDelete={() => setConfirmDelete(true)}
        />
      </div>

      {expanded ? (
        <div className="grid gap-6 border-t border-stone-100 p-4 xl:grid-cols-2 dark:border-white/5">
          <div>
            {conflict ? (
              <div
                role="alert"
                className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
              >
                This was changed by someone else. Reload to see their changes.
                <div className="mt-2 flex gap-2">
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => {
                      setConflict(false);
                      setBase({ data: block.block_data, version: block.version });
                      setDraft(block.block_data);
                      versionRef.current = block.version;
                      onRefresh();
                    }}
                  >
                    Reload (discard my edits)
                  </Button>
                </div>
              </div>
            ) : null}
            <BlockDataEditor
              type={block.block_type}
              value={draft}
              onChange={(next) => setDraft(next as Record<string, unknown>)}
              errors={errors}
              idPrefix={idPrefix}
            />
            <div className="mt-4 flex gap-2">
              <Button onClick={() => void save()} busy={saving} disabled={!dirty}>
                Save block
              </Button>
              <Button variant="secondary" disabled={!dirty || saving} onClick={() => setDraft(base.data)}>
                Revert to saved
              </Button>
            </div>
          </div>
          <div>
            <p className="mb-2 text-xs font-semibold tracking-wide text-stone-500 uppercase">Preview</p>
            <div
              className="max-h-[40rem] overflow-auto rounded-lg border border-stone-200 bg-limestone-50 dark:border-white/10 dark:bg-abyss-950"
              inert
            >
              <BlockRenderProvider value={previewContext}>
                <RenderBlock type={block.block_type} data={draft} position={1} />
              </BlockRenderProvider>
            </div>
          </div>
        </div>
      ) : null}

      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete block"
        description={`Are you sure you want to delete this ${typeLabel} block? This action cannot be undone.`}
        busy={deleting}
        onConfirm={() => void remove()}
      />
    </li>
  );
}
