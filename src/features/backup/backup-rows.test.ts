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

/** Checks rows as an archive before drafts (liveCopies false) or one with live copies and revisions. */
async function check(rows: Array<[BackupTable, unknown]>, files: string[] = [], liveCopies = false) {
  const stored: Array<[BackupTable, Record<string, unknown>]> = [];
  const checker = new BackupRowChecker((table, row) => void stored.push([table, row]));
  for (const [index, [table, row]] of rows.entries()) await checker.add(table, row, index + 1);
  return { ...checker.finish(new Set(files), { liveCopies }), stored, warnings: checker.warnings };
}

const heroData = { title: 'Dos Ojos', subtitle: 'Two eyes', ctaText: 'Dive', ctaLink: '/dive' };
const snapshotOf = (slug: string, blocks: unknown[] = []) => ({
  page: { slug, title: `Title of ${slug}`, excerpt: '', page_type: 'standard' },
  blocks,
});
const revision = (n: number, pageN: number, number: number, kind = 'published', blocks: unknown[] = []) => ({
  id: uuid(n),
  page_id: uuid(pageN),
  number,
  kind,
  author_id: null,
  author_name: 'Ana',
  note: null,
  snapshot: snapshotOf('about', blocks),
  created_at: at,
});
const live = (pageN: number, revisionN: number, slug = 'about', blocks: unknown[] = []) => ({
  page_id: uuid(pageN),
  revision_id: uuid(revisionN),
  slug,
  title: 'About',
  excerpt: '',
  page_type: 'standard',
  blocks,
  version: 1,
  published_at: at,
});
const snapshotBlock = (n: number, data: unknown = heroData) => ({
  id: uuid(n),
  block_type: 'hero',
  block_data: data,
  block_order: 1,
  is_active: true,
  version: 1,
});

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

  it('checks live copies and revisions: page fields, every block by its type, and the revision a live copy names', async () => {
    const about = page(1, 'about');
    const good = await check(
      [
        ['pages', about],
        ['published_pages', live(1, 11, 'about', [snapshotBlock(21)])],
        ['page_revisions', revision(11, 1, 1, 'published', [snapshotBlock(21)])],
        ['page_revisions', { ...revision(12, 1, 2, 'saved'), note: 'Before the trip' }],
      ],
      [],
      true,
    );
    const [, liveRow] = good.stored.find(([table]) => table === 'published_pages')!;
    expect(liveRow).toMatchObject({ canonical_url: null, og_image: null, blocks: [{ block_type: 'hero' }] });
    expect((liveRow['blocks'] as Array<{ block_data: object }>)[0]!.block_data).toMatchObject({ overlay: 'dark' });
    const [, revisionRow] = good.stored.find(([table]) => table === 'page_revisions')!;
    expect(revisionRow['snapshot']).toMatchObject({
      page: { slug: 'about', meta_title: null },
      blocks: [{ id: uuid(21) }],
    });

    await expect(
      check([
        ['pages', about],
        [
          'page_revisions',
          revision(11, 1, 1, 'published', [snapshotBlock(21, { ...heroData, ctaLink: 'javascript:alert(1)' })]),
        ],
      ]),
    ).rejects.toThrow(
      new RegExp(
        `^page_revisions row \\(id ${uuid(11)}, revision 1 of page 'about'\\): snapshot\\.blocks\\.0\\.block_data\\.ctaLink: `,
      ),
    );
    await expect(
      check([
        ['pages', about],
        ['page_revisions', { ...revision(11, 1, 1), snapshot: { ...snapshotOf('admin'), blocks: [] } }],
      ]),
    ).rejects.toThrow(
      `page_revisions row (id ${uuid(11)}, revision 1 of page 'about'): snapshot.page.slug: That slug is reserved`,
    );
    await expect(
      check([
        ['pages', about],
        ['page_revisions', { ...revision(11, 1, 1), kind: 'draft' }],
      ]),
    ).rejects.toThrow('kind: must be one of published, saved, autosave, restored');
    await expect(
      check([
        ['pages', about],
        ['page_revisions', revision(11, 1, 0)],
      ]),
    ).rejects.toThrow('number: must be 1 or more');
    await expect(
      check([
        ['pages', about],
        ['page_revisions', revision(11, 1, 1)],
        ['page_revisions', revision(12, 1, 1, 'saved')],
      ]),
    ).rejects.toThrow(
      `page_revisions row (id ${uuid(12)}, revision 1 of page 'about'): number: the backup holds revision 1 of this page twice`,
    );
    await expect(check([['page_revisions', revision(11, 9, 1)]])).rejects.toThrow(
      `page_revisions row (id ${uuid(11)}, revision 1): page_id: the page ${uuid(9)} is not in the backup`,
    );
    await expect(
      check(
        [
          ['pages', about],
          ['published_pages', live(1, 11, 'about', [snapshotBlock(21, { ...heroData, overlay: 'neon' })])],
          ['page_revisions', revision(11, 1, 1)],
        ],
        [],
        true,
      ),
    ).rejects.toThrow(`published_pages row 'about' (page_id ${uuid(1)}): blocks.0.block_data.overlay: `);
  });

  it('refuses live copies that do not fit their pages, and published pages without one', async () => {
    const about = page(1, 'about');
    await expect(
      check(
        [
          ['pages', about],
          ['published_pages', live(1, 11)],
          ['page_revisions', revision(11, 1, 1, 'saved')],
        ],
        [],
        true,
      ),
    ).rejects.toThrow(
      `published_pages row 'about' (page_id ${uuid(1)}): revision_id: the backup holds no published revision ${uuid(11)} of this page`,
    );
    await expect(
      check(
        [
          ['pages', about],
          ['pages', page(2, 'contact')],
          ['published_pages', live(1, 11)],
          ['page_revisions', revision(11, 2, 1)],
        ],
        [],
        true,
      ),
    ).rejects.toThrow('revision_id: the backup holds no published revision');
    await expect(
      check(
        [
          ['pages', { ...about, is_published: false }],
          ['published_pages', live(1, 11)],
          ['page_revisions', revision(11, 1, 1)],
        ],
        [],
        true,
      ),
    ).rejects.toThrow(`page_id: the page 'about' is not published (is_published is false)`);
    await expect(
      check(
        [
          ['pages', about],
          ['pages', page(2, 'contact')],
          ['published_pages', live(1, 11, 'contact')],
          ['page_revisions', revision(11, 1, 1)],
        ],
        [],
        true,
      ),
    ).rejects.toThrow(
      `published_pages row 'contact' (page_id ${uuid(1)}): slug: "contact" is the slug of page ${uuid(2)}`,
    );
    await expect(check([['pages', about]], [], true)).rejects.toThrow(
      `pages row 'about' (id ${uuid(1)}): is_published: the page is published but the backup holds no copy of it for visitors (published_pages)`,
    );
    // An archive before drafts: no live copies, the restore publishes the drafts.
    await expect(check([['pages', about]], [], false)).resolves.toBeDefined();
  });

  it('keeps the drafts columns and reads pages of archives made before them', async () => {
    const { stored } = await check([
      ['pages', { ...page(1, 'about'), has_unpublished_changes: true, deleted_at: at, published_at: at }],
      ['pages', page(2, 'contact')],
    ]);
    expect(stored[0]![1]).toMatchObject({ has_unpublished_changes: true, publish_at: null });
    expect((stored[0]![1]['deleted_at'] as Date).toISOString()).toBe(at);
    expect(stored[1]![1]).toMatchObject({ has_unpublished_changes: false, published_at: null, deleted_at: null });
    await expect(check([['pages', { ...page(1, 'about'), deleted_at: 'yesterday' }]])).rejects.toThrow(
      'deleted_at: must be an ISO 8601 date and time',
    );
  });
});
