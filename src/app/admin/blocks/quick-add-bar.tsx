import { Plus } from 'lucide-react';
import { useState } from 'react';
import { blockDefinitions, blockTypes, type BlockType } from '../../../features/blocks/registry';
import type { BlockDto } from '../../../features/pages/pages.dto';
import { toastFailure } from '../ui/toasts';
import { createBlock } from './add-block-dialog';

/**
 * One click per block type under the list: the block goes last and opens for editing. Building a
 * page is mostly appending, so the dialog (with its descriptions and 'add below') is not needed for it.
 */
export function QuickAddBar({ pageId, onCreated }: { pageId: string; onCreated: (block: BlockDto) => void }) {
  const [busy, setBusy] = useState<BlockType | null>(null);

  const add = async (type: BlockType) => {
    setBusy(type);
    try {
      onCreated(await createBlock(pageId, type));
    } catch (error) {
      toastFailure('Failed to create content block.', error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div
      role="group"
      aria-labelledby="quick-add-label"
      className="mt-3 flex flex-wrap items-center gap-1.5 rounded-lg border border-dashed border-stone-300 px-3 py-2 dark:border-white/15"
    >
      <span id="quick-add-label" className="mr-1 text-xs font-medium text-stone-600 dark:text-stone-400">
        Add at the end
      </span>
      {blockTypes.map((type) => (
        <button
          key={type}
          type="button"
          disabled={busy !== null}
          aria-label={`Add ${blockDefinitions[type].label} at the end`}
          title={blockDefinitions[type].description}
          onClick={() => void add(type)}
          className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium whitespace-nowrap text-lagoon-800 hover:bg-lagoon-50 focus-visible:outline-2 focus-visible:outline-lagoon-600 disabled:opacity-60 dark:text-lagoon-200 dark:hover:bg-lagoon-950"
        >
          <Plus aria-hidden="true" className="size-3.5" />
          {blockDefinitions[type].label}
        </button>
      ))}
    </div>
  );
}
