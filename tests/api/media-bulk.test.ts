import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { performanceSettings } from '../../src/features/settings/settings.table';
import { ApiClient, signedInClient, type ErrorBody } from '../helpers/auth';
import { startTestApp, type TestApp } from '../helpers/build-app';
import { uploadImages } from '../helpers/media-upload';
import { testPicture } from '../helpers/test-images';

interface Image {
  id: string;
  filename: string;
  original_url: string;
  thumbnail_url: string | null;
  webp_url: string | null;
  folder_id: string | null;
  alt_text: string | null;
  usage_count: number;
  created_at: string;
}
interface ImagePage {
  items: Image[];
  next_cursor: string | null;
}
interface InUseError {
  error: {
    code: string;
    message: string;
    in_use?: Array<{
      id: string;
      filename: string;
      used_on: Array<{ page_id: string; title: string; path: string; in_trash: boolean }>;
      used_elsewhere: string[];
    }>;
  };
}

let server: TestApp;
let editor: ApiClient;
let viewer: ApiClient;

beforeAll(async () => {
  server = await startTestApp({ seed: false });
  editor = await signedInClient(server, 'editor');
  viewer = await signedInClient(server, 'viewer');
  // JPEG and WebP only: AVIF encoding is the slow part and nothing here looks at it.
  const values = { enable_webp: true, enable_avif: false };
  await server.app.db
    .insert(performanceSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: performanceSettings.id, set: values });
});
afterAll(async () => {
  await server?.close();
});

/** Uploads small generated pictures in one request (at most 10), with the same optional fields. */
async function upload(names: string[], fields: Record<string, string> = {}): Promise<Image[]> {
  const data = await testPicture(120, 80);
  return uploadImages<Image>(
    server.url,
    editor,
    names.map((name) => ({ name, data })),
    fields,
  );
}

const listAll = async (query = '') => {
  const response = await editor.get<{ images: Image[] }>(`/api/v1/media${query ? `?${query}` : ''}`);
  expect(response.status).toBe(200);
  return response.body.images;
};

/** Reads every page of `?limit=` and the filters, following next_cursor to the end. */
async function readAllPages(limit: number, filters = ''): Promise<{ pages: Image[][]; cursors: (string | null)[] }> {
  const pages: Image[][] = [];
  const cursors: (string | null)[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams(filters);
    params.set('limit', String(limit));
    if (cursor) params.set('cursor', cursor);
    const response = await editor.get<ImagePage>(`/api/v1/media?${params.toString()}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['items', 'next_cursor']);
    pages.push(response.body.items);
    cursor = response.body.next_cursor;
    cursors.push(cursor);
    expect(pages.length).toBeLessThan(50);
  } while (cursor);
  return { pages, cursors };
}

const fileStatus = async (url: string) => (await fetch(`${server.url}${url}`)).status;

async function createPage(title: string, slug: string): Promise<string> {
  const response = await editor.post<{ page: { id: string } }>('/api/v1/pages', { title, slug });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.page.id;
}

async function createFolder(name: string): Promise<string> {
  const response = await editor.post<{ folder: { id: string } }>('/api/v1/media/folders', { name });
  expect(response.status).toBe(201);
  return response.body.folder.id;
}

describe('GET /api/v1/media with limit and cursor', () => {
  let batch: Image[];
  let eel: Image;

  beforeAll(async () => {
    batch = await upload(['reef-1.jpg', 'reef-2.jpg', 'reef-3.jpg', 'reef-4.jpg', 'reef-5.jpg', 'wreck.jpg']);
    eel = (await upload(['dive-07.jpg'], { alt_text: 'A green Moray eel in its cave' }))[0]!;
  });

  it('pages through more images than the limit, newest first, each once, in the order of the full list', async () => {
    const everything = await listAll();
    expect(everything.length).toBe(7);
    const { pages, cursors } = await readAllPages(3);
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    expect(cursors.at(-1)).toBeNull();
    const paged = pages.flat().map((image) => image.id);
    expect(new Set(paged).size).toBe(paged.length);
    expect(paged).toEqual(everything.map((image) => image.id));
    // Six of them came in one upload request: they share milliseconds, and the cursor keeps them apart.
    expect(paged).toEqual(expect.arrayContaining(batch.map((image) => image.id)));
    expect(paged[0]).toBe(eel.id);
  });

  it('answers the last page exactly when the images fill it, with no cursor', async () => {
    const { pages, cursors } = await readAllPages(7);
    expect(pages.map((page) => page.length)).toEqual([7]);
    expect(cursors).toEqual([null]);
  });

  it('q matches alt text and file name, case-insensitively, the same in both shapes', async () => {
    for (const q of ['moray', 'MORAY EEL', 'green']) {
      expect((await listAll(`q=${encodeURIComponent(q)}`)).map((image) => image.id)).toEqual([eel.id]);
      const { pages } = await readAllPages(2, `q=${encodeURIComponent(q)}`);
      expect(pages.flat().map((image) => image.id)).toEqual([eel.id]);
    }
    const byName = await listAll('q=REEF-');
    expect(byName.map((image) => image.filename).sort()).toEqual([
      'reef-1.jpg',
      'reef-2.jpg',
      'reef-3.jpg',
      'reef-4.jpg',
      'reef-5.jpg',
    ]);
    const { pages } = await readAllPages(2, 'q=reef-');
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(pages.flat().map((image) => image.id)).toEqual(byName.map((image) => image.id));
    // LIKE wildcards are plain characters.
    expect(await listAll('q=%25')).toEqual([]);
  });

  it('refuses a cursor it did not make, a cursor without limit and a limit out of range', async () => {
    const forged = await editor.get<ErrorBody>('/api/v1/media?limit=2&cursor=not-a-cursor');
    expect(forged.status).toBe(400);
    expect(forged.body.error.code).toBe('invalid_cursor');
    const edited = Buffer.from('2024-01-01T00:00:00.000Z|nope').toString('base64url');
    expect((await editor.get<ErrorBody>(`/api/v1/media?limit=2&cursor=${edited}`)).body.error.code).toBe(
      'invalid_cursor',
    );
    const { cursors } = await readAllPages(3);
    const withoutLimit = await editor.get<ErrorBody>(`/api/v1/media?cursor=${cursors[0]}`);
    expect(withoutLimit.status).toBe(400);
    expect(withoutLimit.body.error.field).toBe('limit');
    for (const limit of ['0', '101', 'ten']) {
      expect((await editor.get(`/api/v1/media?limit=${limit}`)).status).toBe(400);
    }
  });

  it('keeps the old shape without limit', async () => {
    const response = await editor.get<Record<string, unknown>>('/api/v1/media');
    expect(Object.keys(response.body)).toEqual(['images']);
  });
});

describe('POST /api/v1/media/bulk-move', () => {
  it('moves images into a folder and out of any folder, and reports ids that name no image', async () => {
    const [first, second, third] = await upload(['move-a.jpg', 'move-b.jpg', 'move-c.jpg']);
    const folderId = await createFolder('Wrecks');
    const moved = await editor.post<{ moved: number; not_found: string[] }>('/api/v1/media/bulk-move', {
      ids: [first!.id, second!.id],
      folder_id: folderId,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toEqual({ moved: 2, not_found: [] });
    expect((await listAll(`folder=${folderId}`)).map((image) => image.id).sort()).toEqual(
      [first!.id, second!.id].sort(),
    );
    const folders = await editor.get<{ folders: Array<{ id: string; image_count: number }> }>('/api/v1/media/folders');
    expect(folders.body.folders.find((folder) => folder.id === folderId)?.image_count).toBe(2);

    const missing = '00000000-0000-4000-8000-000000000000';
    const out = await editor.post<{ moved: number; not_found: string[] }>('/api/v1/media/bulk-move', {
      ids: [first!.id, missing, third!.id],
      folder_id: null,
    });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ moved: 2, not_found: [missing] });
    const outside = (await listAll('folder=none')).map((image) => image.id);
    expect(outside).toEqual(expect.arrayContaining([first!.id, third!.id]));
    expect((await listAll(`folder=${folderId}`)).map((image) => image.id)).toEqual([second!.id]);
  });

  it('refuses a folder that does not exist, moving nothing', async () => {
    const [image] = await upload(['stay.jpg']);
    const response = await editor.post<ErrorBody>('/api/v1/media/bulk-move', {
      ids: [image!.id],
      folder_id: '00000000-0000-4000-8000-000000000001',
    });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('folder_not_found');
    expect(response.body.error.message).toMatch(/folder does not exist/);
    expect((await editor.get<{ image: Image }>(`/api/v1/media/${image!.id}`)).body.image.folder_id).toBeNull();
  });

  it('refuses an empty list, the same id twice and more than 200 ids', async () => {
    const [image] = await upload(['valid.jpg']);
    const tooMany = Array.from(
      { length: 201 },
      (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    );
    for (const ids of [[], [image!.id, image!.id], tooMany, ['not-a-uuid']]) {
      const response = await editor.post<ErrorBody>('/api/v1/media/bulk-move', { ids, folder_id: null });
      expect(response.status, JSON.stringify(ids).slice(0, 80)).toBe(400);
      expect(response.body.error.field).toMatch(/^ids/);
    }
  });
});

describe('POST /api/v1/media/bulk-delete', () => {
  it('deletes unused images with all their files', async () => {
    const doomed = await upload(['gone-1.jpg', 'gone-2.jpg']);
    const [keeper] = await upload(['keeper.jpg']);
    for (const image of doomed) {
      expect(await fileStatus(image.original_url)).toBe(200);
      expect(await fileStatus(image.thumbnail_url!)).toBe(200);
    }
    const missing = '00000000-0000-4000-8000-00000000000f';
    const response = await editor.post<{ deleted: number; not_found: string[] }>('/api/v1/media/bulk-delete', {
      ids: [...doomed.map((image) => image.id), missing],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({ deleted: 2, not_found: [missing] });
    for (const image of doomed) {
      expect((await editor.get(`/api/v1/media/${image.id}`)).status).toBe(404);
      for (const url of [image.original_url, image.thumbnail_url!, image.webp_url!]) {
        expect(await fileStatus(url), url).toBe(404);
      }
    }
    expect((await editor.get(`/api/v1/media/${keeper!.id}`)).status).toBe(200);
    expect(await fileStatus(keeper!.original_url)).toBe(200);
  });

  it('refuses when any image is in use, lists where, and deletes nothing', async () => {
    const [used, unused, inMenu] = await upload(['used-hero.jpg', 'unused.jpg', 'in-menu.jpg']);
    const pageId = await createPage('Cenote tours', 'cenote-tours');
    const hero = await editor.post(`/api/v1/pages/${pageId}/blocks`, {
      block_type: 'hero',
      block_data: { title: 'Tours', backgroundImage: used!.original_url },
    });
    expect(hero.status).toBe(201);
    const menuItem = await editor.post('/api/v1/navigation', {
      title: 'Tours',
      link_url: '/cenote-tours',
      menu_type: 'header',
      image_id: inMenu!.id,
    });
    expect(menuItem.status, JSON.stringify(menuItem.body)).toBe(201);

    const ids = [used!.id, unused!.id, inMenu!.id];
    const refused = await editor.post<InUseError>('/api/v1/media/bulk-delete', { ids });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.error.code).toBe('media_in_use');
    expect(refused.body.error.message).toMatch(/Nothing was deleted: 2 of the 3 images are in use/);
    expect(refused.body.error.in_use).toEqual([
      { id: inMenu!.id, filename: 'in-menu.jpg', used_on: [], used_elsewhere: ['Header menu: “Tours”'] },
      {
        id: used!.id,
        filename: 'used-hero.jpg',
        used_on: [{ page_id: pageId, title: 'Cenote tours', path: '/cenote-tours', in_trash: false }],
        used_elsewhere: [],
      },
    ]);
    for (const image of [used!, unused!, inMenu!]) {
      expect((await editor.get(`/api/v1/media/${image.id}`)).status).toBe(200);
      expect(await fileStatus(image.original_url)).toBe(200);
    }

    // Only the unused one: deleted.
    const unusedOnly = await editor.post<{ deleted: number }>('/api/v1/media/bulk-delete', { ids: [unused!.id] });
    expect(unusedOnly.status).toBe(200);
    expect(unusedOnly.body.deleted).toBe(1);
  });

  it('counts a page in Trash as a place that uses the image', async () => {
    const [image] = await upload(['trashed-use.jpg']);
    const pageId = await createPage('Old tour', 'old-tour');
    await editor.post(`/api/v1/pages/${pageId}/blocks`, {
      block_type: 'hero',
      block_data: { title: 'Old', backgroundImage: image!.webp_url },
    });
    expect((await editor.delete(`/api/v1/pages/${pageId}`)).status).toBe(204);
    const refused = await editor.post<InUseError>('/api/v1/media/bulk-delete', { ids: [image!.id] });
    expect(refused.status).toBe(409);
    expect(refused.body.error.in_use?.[0]?.used_on).toEqual([
      { page_id: pageId, title: 'Old tour', path: '/old-tour', in_trash: true },
    ]);
  });
});

describe('the OpenAPI document', () => {
  it('describes the pages shape, the 404 of a missing folder and the 409 body with in_use', async () => {
    const response = await fetch(`${server.url}/api/v1/openapi.json`);
    const document = (await response.json()) as {
      paths: Record<string, Record<string, { responses: Record<string, { $ref?: string }> }>>;
      components: {
        responses: Record<string, { content: Record<string, { schema: { $ref: string } }> }>;
        schemas: Record<string, { properties: { error: { properties: Record<string, unknown> } } }>;
      };
    };
    const bulkDelete = document.paths['/api/v1/media/bulk-delete']!['post']!;
    expect(bulkDelete.responses['409']).toEqual({ $ref: '#/components/responses/MediaInUse' });
    expect(document.components.responses['MediaInUse']!.content['application/json']!.schema.$ref).toBe(
      '#/components/schemas/MediaInUseError',
    );
    expect(Object.keys(document.components.schemas['MediaInUseError']!.properties.error.properties)).toContain(
      'in_use',
    );
    expect(Object.keys(document.paths['/api/v1/media/bulk-move']!['post']!.responses)).toContain('404');
    expect(JSON.stringify(document.paths['/api/v1/media']!['get']!.responses['200'])).toContain('next_cursor');
  });
});

describe('who may', () => {
  it('viewers get 403 and anonymous callers 401', async () => {
    const [image] = await upload(['guarded.jpg']);
    const anonymous = new ApiClient(server.url);
    const calls = [
      (client: ApiClient) => client.get('/api/v1/media?limit=10'),
      (client: ApiClient) => client.post('/api/v1/media/bulk-move', { ids: [image!.id], folder_id: null }),
      (client: ApiClient) => client.post('/api/v1/media/bulk-delete', { ids: [image!.id] }),
    ];
    for (const call of calls) {
      expect((await call(viewer)).status).toBe(403);
      expect((await call(anonymous)).status).toBe(401);
    }
    expect((await editor.get(`/api/v1/media/${image!.id}`)).status).toBe(200);
  });
});
