import type { BlockDataOf, BlockType } from './registry';

export interface BlockRendererProps<T extends BlockType> {
  data: BlockDataOf<T>;
  /** 0-based place on the page: the first block holds the page's h1 and loads its image eagerly. */
  position: number;
  /**
   * The id of the block's heading, assigned by the page (a unique slug of the heading, the target of
   * the 'On this page' links). Without one (the admin's block preview) the heading gets headingId().
   */
  anchorId?: string;
}
