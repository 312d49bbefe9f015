import type { BlockDataOf, BlockType } from './registry';

/**
 * A block type's editor: a controlled form over the block's data. It never saves by itself;
 * the block list owns saving, version checks and error toasts.
 */
export interface BlockEditorProps<T extends BlockType> {
  value: BlockDataOf<T>;
  onChange: (next: BlockDataOf<T>) => void;
  /** Field errors from the server, keyed by path inside block_data (e.g. "cards.2.title"). */
  errors: Record<string, string>;
  /** Prefix for element ids, unique per block on the screen. */
  idPrefix: string;
}
