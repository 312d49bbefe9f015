import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { blockDefinitions, blockTypes } from '../../../features/blocks/registry';
import type { BlockDto } from '../../../features/pages/pages.dto';
import { api } from '../../../shared/lib/api-client';
import { Button } from '../../../shared/ui/button';
import { toastFailure, toastSuccess } from '../ui/toasts';

/**
 * Adds a block of `type` with that type's sample defaults: last, or right after `afterId`. Says
 * 'Content block created'; a refusal is left to the caller.
 */
export async function createBlock(pageId: string, type: string, afterId?: string): Promise<BlockDto> {
  const { block } = await api.post<{ block: BlockDto }>(`/api/v1/pages/${pageId}/blocks`, {
    block_type: type,
    block_data: {},
    ...(afterId ? { after_id: afterId } : {}),
  });
  toastSuccess('Content block created');
  return block;
}

/**
 * 'Add block': choose a type; the block starts with that type's sample defaults, last on the page
 * or, from a block's 'Add block below', right after that block.
 */
export function AddBlockDialog({
  open,
  onOpenChange,
  pageId,
  after,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pageId: string;
  /** The block the new one goes right after ('Block 2: Hero – …'); none: at the end. */
  after?: { id: string; label: string } | null | undefined;
  onCreated: (block: BlockDto) => void;
}) {
  const [type, setType] = useState('');
  const [busy, setBusy] = useState(false);
  // After adding, focus goes to the new block (the list moves it there), not back to the opener.
  const created = useRef(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // React events bubble through portals: without this, the page editor's form around the
    // block list would take this submit as its own and save the page (a stray revision).
    event.stopPropagation();
    if (!type) {
      toast.error('Missing information', { description: 'Please select a block type.' });
      return;
    }
    setBusy(true);
    try {
      const block = await createBlock(pageId, type, after?.id);
      created.current = true;
      onCreated(block);
      setType('');
      onOpenChange(false);
    } catch (error) {
      toastFailure('Failed to create content block.', error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            if (created.current) event.preventDefault();
            created.current = false;
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[min(94vw,34rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-2xl dark:bg-abyss-900"
        >
          <Dialog.Title className="text-base font-semibold text-stone-900 dark:text-stone-50">
            Add a content block
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-stone-600 dark:text-stone-400">
            {after
              ? `The block is added right after ${after.label}. You can edit and move it afterwards.`
              : 'The block is added at the end of the page. You can edit and move it afterwards.'}
          </Dialog.Description>
          <form onSubmit={submit} className="mt-4">
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-stone-800 dark:text-stone-200">Block type</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {blockTypes.map((candidate) => (
                  <label
                    key={candidate}
                    className="flex cursor-pointer gap-3 rounded-lg border border-stone-200 p-3 text-sm has-[:checked]:border-lagoon-500 has-[:checked]:bg-lagoon-50 dark:border-white/10 dark:has-[:checked]:bg-lagoon-950"
                  >
                    <input
                      type="radio"
                      name="block-type"
                      value={candidate}
                      checked={type === candidate}
                      onChange={() => setType(candidate)}
                      className="mt-0.5 accent-lagoon-600"
                    />
                    <span>
                      <span className="block font-semibold">{blockDefinitions[candidate].label}</span>
                      <span className="block text-xs text-stone-600 dark:text-stone-400">
                        {blockDefinitions[candidate].description}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="mt-6 flex justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="secondary">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" busy={busy}>
                Add block
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
