import * as Dialog from '@radix-ui/react-dialog';
import { AlertTriangle, CircleX } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { FindingDto } from '../../../features/publish-checks/publish-checks.dto';
import { Button } from '../../../shared/ui/button';

/**
 * 'Before you publish' (decision 37): what the publish check found in the draft, errors first.
 * Warnings never stop a publish; errors (links that lead nowhere) take one more step: the editor
 * ticks that they know, then 'Publish with errors'. 'Show block' closes the dialog and puts the
 * cursor on that block in the editor.
 */
export function PublishCheckDialog({
  findings,
  busy,
  onPublish,
  onClose,
  onShowBlock,
}: {
  /** Null while closed. */
  findings: FindingDto[] | null;
  busy: boolean;
  onPublish: () => void;
  onClose: () => void;
  onShowBlock: (blockId: string) => void;
}) {
  const open = findings !== null;
  const errors = findings?.filter((finding) => finding.level === 'error') ?? [];
  const warnings = findings?.filter((finding) => finding.level === 'warning') ?? [];
  const [acknowledged, setAcknowledged] = useState(false);
  // Set when 'Show block' closes the dialog: the focus goes to the block, not back to Publish.
  const focusElsewhere = useRef(false);
  const checkboxId = useId();

  const close = () => {
    setAcknowledged(false);
    onClose();
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          onOpenAutoFocus={(event) => {
            // The safe choice first: Enter on open keeps editing.
            event.preventDefault();
            focusElsewhere.current = false;
            (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('[data-keep-editing]')?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (focusElsewhere.current) return;
            document.querySelector<HTMLElement>('[data-publish-button]')?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[min(94vw,36rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-2xl dark:bg-abyss-900"
        >
          <div className="border-b border-stone-200 px-5 pt-5 pb-4 dark:border-white/10">
            <Dialog.Title className="text-base font-semibold text-stone-900 dark:text-stone-50">
              Before you publish
            </Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-stone-600 dark:text-stone-300">
              {summaryOf(errors.length, warnings.length)}
            </Dialog.Description>
          </div>
          <div className="min-h-0 flex-1 space-y-5 overflow-y-auto px-5 py-4">
            {errors.length > 0 ? (
              <FindingList
                title="Errors"
                hint="Links that lead visitors to “page not found”."
                findings={errors}
                onShowBlock={(blockId) => {
                  focusElsewhere.current = true;
                  setAcknowledged(false);
                  onShowBlock(blockId);
                }}
              />
            ) : null}
            {warnings.length > 0 ? (
              <FindingList
                title="Warnings"
                hint="Worth fixing; they do not stop a publish."
                findings={warnings}
                onShowBlock={(blockId) => {
                  focusElsewhere.current = true;
                  setAcknowledged(false);
                  onShowBlock(blockId);
                }}
              />
            ) : null}
          </div>
          <div className="border-t border-stone-200 px-5 py-4 dark:border-white/10">
            {errors.length > 0 ? (
              <div className="mb-3 flex items-start gap-2 text-sm text-stone-800 dark:text-stone-200">
                <input
                  id={checkboxId}
                  type="checkbox"
                  checked={acknowledged}
                  onChange={(event) => setAcknowledged(event.target.checked)}
                  className="mt-0.5 size-4 shrink-0 accent-red-700"
                />
                <label htmlFor={checkboxId}>
                  I know {errors.length === 1 ? 'this link is' : 'these links are'} broken and want to publish anyway.
                </label>
              </div>
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              <Button data-keep-editing="" variant="secondary" onClick={close}>
                Keep editing
              </Button>
              <Button
                variant={errors.length > 0 ? 'danger' : 'primary'}
                busy={busy}
                disabled={errors.length > 0 && !acknowledged}
                onClick={onPublish}
              >
                {errors.length > 0 ? 'Publish with errors' : 'Publish anyway'}
              </Button>
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function summaryOf(errors: number, warnings: number): string {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (errors > 0 && warnings > 0) {
    return `The check found ${count(errors, 'error', 'errors')} and ${count(warnings, 'warning', 'warnings')} in this draft.`;
  }
  if (errors > 0) return `The check found ${count(errors, 'error', 'errors')} in this draft.`;
  return `The check found ${count(warnings, 'warning', 'warnings')} in this draft. You can publish as it is.`;
}

function FindingList({
  title,
  hint,
  findings,
  onShowBlock,
}: {
  title: 'Errors' | 'Warnings';
  hint: string;
  findings: FindingDto[];
  onShowBlock: (blockId: string) => void;
}) {
  const headingId = useId();
  const Icon = title === 'Errors' ? CircleX : AlertTriangle;
  const tone = title === 'Errors' ? 'text-red-700 dark:text-red-400' : 'text-amber-700 dark:text-amber-400';
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-semibold text-stone-900 dark:text-stone-50">
        {title} ({findings.length})
      </h3>
      <p className="text-xs text-stone-500 dark:text-stone-400">{hint}</p>
      <ul className="mt-2 divide-y divide-stone-200 rounded-lg border border-stone-200 dark:divide-white/10 dark:border-white/10">
        {findings.map((finding, index) => (
          <li key={`${finding.code}-${index}`} className="flex items-start gap-2 px-3 py-2 text-sm">
            <Icon aria-hidden="true" className={`mt-0.5 size-4 shrink-0 ${tone}`} />
            <span
              id={`${headingId}-${index}`}
              className="min-w-0 flex-1 break-words text-stone-800 dark:text-stone-200"
            >
              {finding.message}
            </span>
            {finding.block_id ? (
              <Button
                variant="ghost"
                size="sm"
                className="shrink-0 underline"
                aria-describedby={`${headingId}-${index}`}
                onClick={() => onShowBlock(finding.block_id!)}
              >
                Show block
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
