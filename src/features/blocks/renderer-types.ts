import type { BlockDataOf, BlockType } from './registry';

export interface BlockRendererProps<T extends BlockType> {
  data: BlockDataOf<T>;
  /** 0-based place on the page: the first block holds the page's h1 and loads its image eagerly. */
  position: number;
}
