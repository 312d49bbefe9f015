import { describe, expect, it } from 'vitest';
import type { BackupTable } from './backup-archive.server';
import { BackupRowChecker } from './backup-rows.server';

const at = '2026-11-25T10:00:00.000Z';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const page = (n: number, slug: string) => ({
  id: uuid(n),
  slug,
  title: `Page ${n}`,
  excerpt: '',
  page_type: 'standard',
  is_published: true,
  sort_order: n,
  version: 1,
  created_at: at,
  updated_at: at,
});
const item = (n: number, parent: number | null, menu = 'header') => ({
  id: uuid(n),
  title: `Item ${n}`,
  link_url: '/',
  description: null,
  menu_type: menu,
  parent_id: parent === null ? null : uuid(parent),
  image_id: null,
  display_order: 1,
  is_active: true,
  version: 1,
  created_at: at,
  updated_at: at,
});
const folder = (n: number, name: string, parent: number | null) => ({
  id: uuid(n),
  name,
  parent_id: parent === null ? null : uuid(parent),
  created_at: at,
});

async function check(rows: Array<[BackupTable, unknown]>, files: string[] = []) {
  const stored: Array<[BackupTable, Record<string, unknown>]> = [];
  const checker = new BackupRowChecker((table, row) => void stored.push([table, row]));
  for (const [index, [table, row]] of rows.entries()) await checker.add(table, row, index + 1);
  return { ...checker.finish(new Set(files)), stored, warnings: checker.warnings };
}

describe('checking backup rows', () => {
  it('normalizes rows as the API stores them', async () => {
    const { stored } = await check([['pages', { ...page(1, 'about'), title: '  About  ', canonical_url: '' }]]);
    expect(stored[0]).toEqual(['pages', expect.objectContaining({ title: 'About', canonical_url: null })]);
    expect((stored[0]![1]['created_at'] as Date).toISOString()).toBe(at);
  });

  it('refuses two pages with one slug, and names a missing field', async () => {
    await expect(
      check([
        ['pages', page(1, 'about')],
        ['pages', page(2, 'about')],
      ]),
    ).rejects.toThrow(`pages row 'about' (id ${uuid(2)}): slug: "about" is also the slug of page ${uuid(1)}`);
    const { title: _title, ...untitled } = page(3, 'untitled');
    await expect(check([['pages', untitled]])).rejects.toThrow(
      `pages row 'untitled' (id ${uuid(3)}): title: is missing`,
    );
  });

  it('refuses navigation cycles, parents in the other menu, and duplicate ids', async () => {
    await expect(
      check([
        ['navigation_items', item(1, 2)],
        ['navigation_items', item(2, 1)],
      ]),
    ).rejects.toThrow('parent_id: the parents form a cycle');
    await expect(
      check([
        ['navigation_items', item(1, null, 'footer')],
        ['navigation_items', item(2, 1)],
      ]),
    ).rejects.toThrow(
      `navigation_items row 'Item 2' (id ${uuid(2)}): parent_id: the parent item belongs to the footer menu, this item to the header menu`,
    );
    await expect(
      check([
        ['navigation_items', item(1, null)],
        ['navigation_items', item(1, null)],
      ]),
    ).rejects.toThrow(`navigation_items row 'Item 1' (id ${uuid(1)}): id: appears twice in the backup`);
  });

  it('refuses a folder under a missing parent and two folders of one name side by side', async () => {
    await expect(check([['media_folders', folder(1, 'Dives', 9)]])).rejects.toThrow(
      `media_folders row 'Dives' (id ${uuid(1)}): parent_id: the folder ${uuid(9)} is not in the backup`,
    );
    await expect(
      check([
        ['media_folders', folder(1, 'Dives', null)],
        ['media_folders', folder(2, 'dives', null)],
      ]),
    ).rejects.toThrow('name: a folder named "dives" already exists beside it');
  });

  it('keeps the files image rows name, and reports missing and stray files', async () => {
    const image = {
      id: uuid(5),
      filename: 'pit.jpg',
      storage_key: 'u/pit.jpg',
      original_url: '/media/u/pit.jpg',
      thumbnail_url: '/media/u/pit-thumb.webp',
      webp_url: null,
      avif_url: null,
      folder_id: null,
      width: 10,
      height: 10,
      file_size: 100,
      alt_text: ' ',
      caption: null,
      category: null,
      usage_count: 0,
      seo_score: 40,
      version: 1,
      created_at: at,
      updated_at: at,
    };
    const result = await check([['images', image]], ['u/pit.jpg', 'u/other.jpg']);
    expect([...result.keepFiles]).toEqual(['u/pit.jpg']);
    expect(result.stored[0]![1]).toMatchObject({ alt_text: null, seo_score: 40 });
    expect(result.warnings).toEqual([
      `images row 'pit.jpg' (id ${uuid(5)}): the file u/pit-thumb.webp is not in the backup (it will be missing).`,
      '1 media file in the backup belongs to no image and will not be restored (u/other.jpg).',
    ]);
    await expect(check([['images', { ...image, original_url: '/media/u/else.jpg' }]])).rejects.toThrow(
      'original_url: must be /media/u/pit.jpg (the address of its storage_key)',
    );
  });
});
