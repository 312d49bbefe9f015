import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { ImageDto, ImageInUse, ImageListPage, MediaFolderDto } from '../../../features/media/media.dto';
import { api, ApiError } from '../../../shared/lib/api-client';

export type { ImageDto, ImageInUse, MediaFolderDto };

/** The folder filter: every image, images in no folder, or one folder's id. */
export type FolderFilter = 'all' | 'none' | (string & {});

export const mediaFoldersQueryKey = ['media-folders'] as const;
/** Images per page of the library and the picker (a multiple of 2, 3, 4, 6 columns). */
export const mediaPageSize = 48;

/**
 * The library read page by page (`?limit=48`, then `cursor`), newest first. `images` is every
 * page read so far; `LoadMore` takes the query itself.
 */
export function useMediaPages(folder: FolderFilter, q: string) {
  const query = useInfiniteQuery({
    queryKey: ['media', 'pages', { folder, q: q.trim() }],
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(mediaPageSize) });
      if (folder !== 'all') params.set('folder', folder);
      if (q.trim() !== '') params.set('q', q.trim());
      if (pageParam) params.set('cursor', pageParam);
      return api.get<ImageListPage>(`/api/v1/media?${params.toString()}`);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: (previous) => previous,
    // Usage counts change with edits elsewhere (blocks, pages, navigation): refetch on every visit.
    staleTime: 0,
  });
  const images = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  return { query, images };
}

export interface BulkMoveResult {
  moved: number;
  not_found: string[];
}

export interface BulkDeleteResult {
  deleted: number;
  not_found: string[];
}

export const bulkMoveImages = (ids: readonly string[], folderId: string | null) =>
  api.post<BulkMoveResult>('/api/v1/media/bulk-move', { ids, folder_id: folderId });

export const bulkDeleteImages = (ids: readonly string[]) =>
  api.post<BulkDeleteResult>('/api/v1/media/bulk-delete', { ids });

/** The used images a refused bulk delete lists (409 media_in_use), or undefined for other failures. */
export function imagesInUseOf(error: unknown): ImageInUse[] | undefined {
  if (!(error instanceof ApiError) || error.code !== 'media_in_use') return undefined;
  const inUse = error.details?.['in_use'];
  return Array.isArray(inUse) ? (inUse as ImageInUse[]) : undefined;
}

export function useMediaFolders() {
  return useQuery({
    queryKey: mediaFoldersQueryKey,
    queryFn: () => api.get<{ folders: MediaFolderDto[] }>('/api/v1/media/folders').then((body) => body.folders),
  });
}

/** Spec section 4: after any create, update or delete, the cached lists are refreshed. */
export function invalidateMedia(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['media'] }),
    queryClient.invalidateQueries({ queryKey: mediaFoldersQueryKey }),
  ]).then(() => undefined);
}

export interface FolderOption {
  id: string;
  /** 'Parent / Child' for nested folders. */
  label: string;
  depth: number;
  imageCount: number | undefined;
}

/**
 * Folders as a flat list in tree order (each parent followed by its children, siblings by
 * name), labelled with their path so nested folders of the same name stay distinguishable.
 */
export function folderOptions(folders: readonly MediaFolderDto[]): FolderOption[] {
  const byParent = new Map<string | null, MediaFolderDto[]>();
  const ids = new Set(folders.map((folder) => folder.id));
  for (const folder of folders) {
    const parent = folder.parent_id && ids.has(folder.parent_id) ? folder.parent_id : null;
    const siblings = byParent.get(parent) ?? [];
    siblings.push(folder);
    byParent.set(parent, siblings);
  }
  const result: FolderOption[] = [];
  const visit = (parent: string | null, prefix: string, depth: number, seen: Set<string>) => {
    const children = [...(byParent.get(parent) ?? [])].sort((a, b) =>
      a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }),
    );
    for (const folder of children) {
      if (seen.has(folder.id)) continue;
      seen.add(folder.id);
      const label = prefix ? `${prefix} / ${folder.name}` : folder.name;
      result.push({ id: folder.id, label, depth, imageCount: folder.image_count });
      visit(folder.id, label, depth + 1, seen);
    }
  };
  visit(null, '', 0, new Set());
  return result;
}

/** '1.4 MB', '380 KB', '912 bytes'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export type SeoTone = 'good' | 'fair' | 'poor';

export function seoTone(score: number): SeoTone {
  if (score >= 80) return 'good';
  if (score >= 50) return 'fair';
  return 'poor';
}

export const seoToneClasses: Record<SeoTone, string> = {
  good: 'bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800',
  fair: 'bg-amber-50 text-amber-900 ring-amber-200 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800',
  poor: 'bg-red-50 text-red-800 ring-red-200 dark:bg-red-950 dark:text-red-200 dark:ring-red-800',
};

export const seoToneBar: Record<SeoTone, string> = {
  good: 'bg-emerald-600',
  fair: 'bg-amber-500',
  poor: 'bg-red-600',
};

/** The grid's preview: the small WebP when there is one. */
export const previewUrl = (image: ImageDto) => image.thumbnail_url ?? image.original_url;

/** A value that follows `value` after it has stopped changing for `delay` ms (search boxes). */
export function useDebounced<T>(value: T, delay = 250): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

export function usagePhrase(count: number): string {
  if (count === 0) return 'Not used';
  return `Used in ${count} ${count === 1 ? 'place' : 'places'}`;
}
