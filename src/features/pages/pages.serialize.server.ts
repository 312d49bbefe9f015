import type { BlockRow } from '../blocks/blocks.table';
import type { BlockDto, PageDto } from './pages.dto';
import { pathForSlug } from './pages.schema';
import type { PageRow } from './pages.table';

export function toPageDto(row: PageRow): PageDto {
  return {
    id: row.id,
    slug: row.slug,
    path: pathForSlug(row.slug),
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
