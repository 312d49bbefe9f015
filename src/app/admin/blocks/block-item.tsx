import * as Switch from '@radix-ui/react-switch';
import { ArrowDown, ArrowUp, ChevronDown, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { blockLabel, blockSummary, blockTypeLabel } from '../../../features/blocks/block-label';
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

const previewContext = { images: {}, policy: { webp: true, avif: true, lazy: false } };

export function BlockItem({
  block,
  position,
  total,
  expanded,
  onToggle,
  onMove,
  onSaved,
  onRefresh,
  onDirtyChange,
}: {
  block: BlockDto;
  position: number;
  total: number;
  expanded: boolean;
  onToggle: () => void;
  onMove: (delta: number) => void;
  onSaved: (block: BlockDto) => void;
  /** Reload the list from the server (after a delete, or to see someone else's changes). */
  onRefresh: () => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const row = useSortableRow(block.id);
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
  const autosave = useAutosave({
    id: `block:${block.id}`,
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
        throw error;
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

  const label = blockTypeLabel(block.block_type);
  const summary = blockSummary(draft);

  return (
    <li
      ref={row.rowRef}
      aria-label={blockLabel({ block_type: block.block_type, block_data: draft }, position)}
      className={`relative rounded-xl border border-stone-200 bg-white dark:border-white/10 dark:bg-abyss-900 ${
        row.isMoving ? 'opacity-50' : block.is_active ? '' : 'opacity-75'
      }`}
    >
      {row.dropIndicator}
      <div className="flex items-center gap-2 px-2 py-2">
        <DragHandle handle={row.handle} label={`Drag to reorder block ${position}`} />
        <span className="w-6 text-center font-mono text-xs text-stone-500" aria-hidden="true">
          {position}
        </span>
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={expanded}
          className="flex min-w-0 flex-1 items-center gap-2 text-left"
        >
          <span className="rounded bg-lagoon-50 px-1.5 py-0.5 text-xs font-semibold text-lagoon-800 dark:bg-lagoon-950 dark:text-lagoon-200">
            {label}
          </span>
          <span className="truncate text-sm text-stone-800 dark:text-stone-200">{summary}</span>
          {autosave.status === 'retrying' || autosave.status === 'conflict' || autosave.status === 'invalid' ? (
            <span className="text-xs font-medium text-red-700">Not saved</span>
          ) : dirty ? (
            <span className="text-xs font-medium text-amber-700">Unsaved</span>
          ) : null}
          <ChevronDown
            aria-hidden="true"
            className={`ml-auto size-4 shrink-0 text-stone-400 transition ${expanded ? 'rotate-180' : ''}`}
          />
          <span className="sr-only">{expanded ? 'Close editor' : 'Edit block'}</span>
        </button>
        <label className="flex items-center gap-2 text-xs text-stone-600 dark:text-stone-300">
          <Switch.Root
            checked={block.is_active}
            disabled={toggling}
            onCheckedChange={(checked) => void setActive(checked)}
            aria-label={`Block ${position} active`}
            className="relative h-5 w-9 rounded-full bg-stone-300 transition data-[state=checked]:bg-lagoon-600 disabled:opacity-50"
          >
            <Switch.Thumb className="block size-4 translate-x-0.5 rounded-full bg-white shadow transition data-[state=checked]:translate-x-[18px]" />
          </Switch.Root>
          <span className="w-12">{block.is_active ? 'Active' : 'Inactive'}</span>
        </label>
        <button
          type="button"
          onClick={() => onMove(-1)}
          disabled={position === 1}
          aria-label={`Move block ${position} up`}
          className="rounded p-1.5 text-stone-500 hover:bg-stone-100 disabled:opacity-30 dark:hover:bg-white/5"
        >
          <ArrowUp aria-hidden="true" className="size-4" />
        </button>
        <button
          type="button"
          onClick={() => onMove(1)}
          disabled={position === total}
          aria-label={`Move block ${position} down`}
          className="rounded p-1.5 text-stone-500 hover:bg-stone-100 disabled:opacity-30 dark:hover:bg-white/5"
        >
          <ArrowDown aria-hidden="true" className="size-4" />
        </button>
        <button
          type="button"
          onClick={() => setConfirmDelete(true)}
          aria-label={`Delete block ${position}`}
          className="rounded p-1.5 text-stone-500 hover:bg-red-50 hover:text-red-700"
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
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
        description={`Are you sure you want to delete this ${label} block? This action cannot be undone.`}
        busy={deleting}
        onConfirm={() => void remove()}
      />
    </li>
  );
}
