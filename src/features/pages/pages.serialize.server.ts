import { pagePath } from '../../shared/lib/locale';
import type { BlockRow } from '../blocks/blocks.table';
import type { BlockDto, PageDto } from './pages.dto';
import type { PublicPage } from './pages.repo.server';
import type { VisibleBlock } from './pages.service.server';
import type { PageRow } from './pages.table';

/** A page as anyone may see it: no editorial state. */
export function toPageDto(row: PublicPage): PageDto {
  return {
    id: row.id,
    slug: row.slug,
    path: pagePath(row.locale, row.slug),
    locale: row.locale,
    translation_of: row.translation_of,
    title: row.title,
    excerpt: row.excerpt,
    page_type: row.page_type,
    is_published: row.is_published,
    sort_order: row.sort_order,
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    og_title: row.og_title,
    og_description: row.og_description,
    og_image: row.og_image,
    twitter_title: row.twitter_title,
    twitter_description: row.twitter_description,
    twitter_image: row.twitter_image,
    canonical_url: row.canonical_url,
    structured_data: row.structured_data ?? null,
    version: row.version,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

/** A page's draft for editors, with its editorial state (decisions 30 and 34). */
export function toEditorPageDto(row: PageRow): PageDto {
  return {
    ...toPageDto(row),
    has_unpublished_changes: row.has_unpublished_changes,
    published_at: isoOrNull(row.published_at),
    publish_at: isoOrNull(row.publish_at),
    unpublish_at: isoOrNull(row.unpublish_at),
  };
}

export function toBlockDto(row: BlockRow): BlockDto {
  return {
    id: row.id,
    page_id: row.page_id,
    block_type: row.block_type,
    block_data: row.block_data,
    block_order: row.block_order,
    is_active: row.is_active,
    version: row.version,
    updated_at: row.updated_at.toISOString(),
  };
}

/** A block of a page as the public API shows it (live copies carry no timestamps of their own). */
export function toVisibleBlockDto(page: PublicPage, block: VisibleBlock): BlockDto {
  return {
    id: block.id,
    page_id: page.id,
    block_type: block.block_type,
    block_data: block.block_data,
    block_order: block.block_order,
    is_active: block.is_active,
    version: block.version,
    updated_at: page.updated_at.toISOString(),
  };
}
