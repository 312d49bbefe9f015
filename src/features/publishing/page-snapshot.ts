/**
 * A page as one JSON value: its content fields and every block (inactive ones too). Revisions
 * store it, publishing copies it to the live row, restoring writes it back into the draft.
 */
export const snapshotPageFields = [
  'slug',
  'title',
  'excerpt',
  'page_type',
  'meta_title',
  'meta_description',
  'og_title',
  'og_description',
  'og_image',
  'twitter_title',
  'twitter_description',
  'twitter_image',
  'canonical_url',
  'structured_data',
] as const;

export type SnapshotPageField = (typeof snapshotPageFields)[number];

// A type, not an interface: it must fit Record<string, unknown> where the API describes it loosely.
export type SnapshotPage = {
  slug: string;
  title: string;
  excerpt: string;
  page_type: string;
  meta_title: string | null;
  meta_description: string | null;
  og_title: string | null;
  og_description: string | null;
  og_image: string | null;
  twitter_title: string | null;
  twitter_description: string | null;
  twitter_image: string | null;
  canonical_url: string | null;
  structured_data: Record<string, unknown> | null;
};

export interface SnapshotBlock {
  id: string;
  block_type: string;
  block_data: Record<string, unknown>;
  block_order: number;
  is_active: boolean;
  version: number;
}

export interface PageSnapshot {
  page: SnapshotPage;
  blocks: SnapshotBlock[];
}

export function snapshotPageOf(row: SnapshotPage): SnapshotPage {
  const page = {} as Record<SnapshotPageField, unknown>;
  for (const field of snapshotPageFields) page[field] = row[field];
  return page as unknown as SnapshotPage;
}

export function snapshotBlockOf(row: SnapshotBlock): SnapshotBlock {
  return {
    id: row.id,
    block_type: row.block_type,
    block_data: row.block_data,
    block_order: row.block_order,
    is_active: row.is_active,
    version: row.version,
  };
}
