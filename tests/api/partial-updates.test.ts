import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { blockPatchSchema } from '../../src/features/blocks/blocks.schema';
import { contentBlocks } from '../../src/features/blocks/blocks.table';
import { blockDefinitions, blockTypes, type BlockType } from '../../src/features/blocks/registry';
import { updateFolderSchema, updateImageSchema } from '../../src/features/media/media.dto';
import { navigationItemPatchSchema } from '../../src/features/navigation/navigation.schema';
import { pagePatchSchema } from '../../src/features/pages/pages.schema';
import { performanceSettingsUpdateSchema, seoSettingsUpdateSchema } from '../../src/features/settings/settings.schema';
import { performanceSettings, seoSettings } from '../../src/features/settings/settings.table';
import { createUserWithRole, signedInClient, type ApiClient, type ApiResponse, type ErrorBody } from '../helpers/auth';
import { getJson, startTestApp, type TestApp } from '../helpers/build-app';
import { testPicture } from '../helpers/test-images';

/*
 * Decision 45: a partial update changes only the fields it names. For every PATCH route (and the
 * settings PUTs, which accept partial bodies), each writable field is changed alone: the entity is
 * read, one field is sent (plus the version where the route needs it), the entity is read again,
 * and that field must hold the new value while every other field is exactly as it was.
 *
 * The field lists come from the routes' update schemas, so a field added later gets a case of its
 * own; a field without a sample value below fails its case. The starting values differ from every
 * default, so a default that sneaks back in shows.
 */

type Entity = Record<string, unknown>;
/** The new value for a field: fixed, or computed from the entity as read (e.g. a unique slug). */
type Sample = { value: unknown } | { from: (before: Entity) => unknown };

let server: TestApp;
let editor: ApiClient;
let admin: ApiClient;
let images: [string, string];
let folders: [string, string];
let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}`;

beforeAll(async () => {
  server = await startTestApp({ seed: false });
  editor = await signedInClient(server, 'editor');
  admin = await signedInClient(server, 'admin');
  images = [await uploadImage('first.jpg'), await uploadImage('second.jpg')];
  folders = [await createFolder('Cenotes'), await createFolder('Caves')];
});
afterAll(async () => {
  await server?.close();
});

async function uploadImage(name: string): Promise<string> {
  if (!editor.csrfToken) await editor.session();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await testPicture(160, 120))], { type: 'image/jpeg' }), name);
  const response = await fetch(`${server.url}/api/v1/media`, {
    method: 'POST',
    headers: { cookie: editor.cookieHeader(), 'x-csrf-token': editor.csrfToken ?? '', accept: 'application/json' },
    body: form,
  });
  const body = (await response.json()) as { images: Array<{ id: string }> };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.images[0]!.id;
}

async function createFolder(name: string, parentId: string | null = null): Promise<string> {
  const response = await editor.post<{ folder: { id: string } }>('/api/v1/media/folders', {
    name,
    parent_id: parentId,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.folder.id;
}

/** The writable fields of an update schema: every key but the concurrency version. */
function writableFields(schema: z.ZodObject): string[] {
  return Object.keys(schema.shape).filter((key) => key !== 'version');
}

function omit(entity: Entity, keys: readonly string[]): Entity {
  return Object.fromEntries(Object.entries(entity).filter(([key]) => !keys.includes(key)));
}

function sampleFor(samples: Record<string, Sample>, field: string, before: Entity): unknown {
  const sample = samples[field];
  if (!sample) throw new Error(`No sample value for "${field}": add one to the samples of this route`);
  return 'value' in sample ? sample.value : sample.from(before);
}

function expectOk(response: ApiResponse, what: string): void {
  expect(response.status, `${what}: ${JSON.stringify(response.body)}`).toBe(200);
}

/**
 * The assertion of every case: `field` now holds `expected`, and the entity minus that field and
 * the fields that legitimately move with any save (or are computed from the changed field) is
 * exactly what was read before.
 */
function expectOnlyChanged(options: {
  before: Entity;
  after: Entity;
  field: string;
  expected: unknown;
  moving: readonly string[];
}): void {
  const { before, after, field, expected, moving } = options;
  expect(before[field], `the sample for ${field} must differ from the starting value`).not.toEqual(expected);
  expect(after[field], field).toEqual(expected);
  const ignored = [field, ...moving];
  expect(omit(after, ignored)).toEqual(omit(before, ignored));
  expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
}

function expectVersionBumped(before: Entity, after: Entity): void {
  expect(after['version']).toBe((before['version'] as number) + 1);
}

// ---------------------------------------------------------------------------------------------
// Every route that updates fields is covered here

describe('coverage', () => {
  const covered: Record<string, string[]> = {
    'PATCH /api/v1/pages/{id}': writableFields(pagePatchSchema),
    'PATCH /api/v1/blocks/{id}': writableFields(blockPatchSchema),
    'PATCH /api/v1/navigation/{id}': writableFields(navigationItemPatchSchema),
    'PATCH /api/v1/media/{id}': writableFields(updateImageSchema),
    'PATCH /api/v1/media/folders/{id}': writableFields(updateFolderSchema),
    'PUT /api/v1/settings/seo': writableFields(seoSettingsUpdateSchema),
    'PUT /api/v1/settings/performance': writableFields(performanceSettingsUpdateSchema),
    'PUT /api/v1/pages/{id}/schedule': ['publish_at', 'unpublish_at'],
    'PATCH /api/v1/users/{id}': Object.keys(userPatchSamples),
    'PATCH /api/v1/redirects/{id}': Object.keys(redirectSamples),
  };
  /** PUTs that are not field updates: the body is one required value, replaced as a whole. */
  const notFieldUpdates = ['PUT /api/v1/pages/{id}/blocks/order', 'PUT /api/v1/settings/security'];

  it('tests every PATCH and PUT route of the API, with the fields its body documents', async () => {
    const { status, body } = await getJson<{
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: { properties?: object } }> } }>
      >;
    }>(`${server.url}/api/v1/openapi.json`);
    expect(status).toBe(200);
    const found: Record<string, string[]> = {};
    for (const [path, operations] of Object.entries(body.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (method !== 'patch' && method !== 'put') continue;
        const properties = operation.requestBody?.content['application/json']?.schema.properties ?? {};
        found[`${method.toUpperCase()} ${path}`] = Object.keys(properties).filter((key) => key !== 'version');
      }
    }
    expect(Object.keys(found).sort()).toEqual([...Object.keys(covered), ...notFieldUpdates].sort());
    for (const [route, fields] of Object.entries(covered)) {
      expect(found[route]?.sort(), route).toEqual([...fields].sort());
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Pages

const pageSamples: Record<string, Sample> = {
  title: { value: 'Renamed Cenote' },
  slug: { from: (before) => `${String(before['slug'])}-moved` },
  excerpt: { value: 'A new summary for the listing.' },
  page_type: { value: 'legal' },
  is_published: { value: false },
  sort_order: { value: 77 },
  meta_title: { value: 'New meta title' },
  meta_description: { value: 'New meta description' },
  canonical_url: { value: 'https://example.com/new-canonical' },
  og_title: { value: 'New OG title' },
  og_description: { value: 'New OG description' },
  og_image: { value: '/media/u/new-og.jpg' },
  twitter_title: { value: 'New Twitter title' },
  twitter_description: { value: 'New Twitter description' },
  twitter_image: { value: 'https://images.example.com/new-card.jpg' },
  structured_data: { value: { '@type': 'TouristAttraction', name: 'Renamed Cenote' } },
};

/** A published page with every field set away from its default. */
async function createFullPage(): Promise<Entity> {
  const response = await editor.post<{ page: Entity }>('/api/v1/pages', {
    title: 'Dos Ojos',
    slug: unique('partial-page'),
    excerpt: 'Two eyes, one cave system.',
    page_type: 'cenote',
    is_published: true,
    sort_order: 500,
    meta_title: 'Dos Ojos meta',
    meta_description: 'Dos Ojos description',
    canonical_url: 'https://example.com/dos-ojos',
    og_title: 'Dos Ojos OG',
    og_description: 'Dos Ojos OG description',
    og_image: '/media/u/dos-ojos.jpg',
    twitter_title: 'Dos Ojos Twitter',
    twitter_description: 'Dos Ojos Twitter description',
    twitter_image: 'https://images.example.com/dos-ojos.jpg',
    structured_data: { '@type': 'Place', name: 'Dos Ojos' },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.page;
}

const readPage = async (id: string) => {
  const response = await editor.get<{ page: Entity }>(`/api/v1/pages/${id}`);
  expectOk(response, 'read page');
  return response.body.page;
};

describe('PATCH /api/v1/pages/:id', () => {
  it('issue #24: a meta_title-only PATCH keeps a published page published, with its excerpt and page type', async () => {
    const page = await createFullPage();
    const response = await editor.request<{ page: Entity }>('PATCH', `/api/v1/pages/${String(page['id'])}`, {
      body: { meta_title: 'only this', version: 1 },
    });
    expectOk(response, 'patch');
    expect(response.body.page).toMatchObject({
      meta_title: 'only this',
      is_published: true,
      excerpt: 'Two eyes, one cave system.',
      page_type: 'cenote',
    });
    const stored = await readPage(String(page['id']));
    expect(stored).toMatchObject({ is_published: true, excerpt: 'Two eyes, one cave system.', page_type: 'cenote' });
    const visitor = await fetch(`${server.url}/${String(page['slug'])}`);
    expect(visitor.status).toBe(200);
  });

  it.each(writableFields(pagePatchSchema))('changes %s alone and nothing else', async (field) => {
    const created = await createFullPage();
    const id = String(created['id']);
    const before = await readPage(id);
    const expected = sampleFor(pageSamples, field, before);
    const response = await editor.request<{ page: Entity }>('PATCH', `/api/v1/pages/${id}`, {
      body: { version: before['version'], [field]: expected },
    });
    expectOk(response, `patch ${field}`);
    const after = await readPage(id);
    expect(response.body.page).toEqual(after);
    // path is the slug's address; updated_at and version move with every save.
    expectOnlyChanged({
      before,
      after,
      field,
      expected,
      moving: ['updated_at', 'version', 'path', 'has_unpublished_changes'],
    });
    if (field !== 'slug') expect(after['path']).toBe(before['path']);
    expectVersionBumped(before, after);
  });

  it('a PATCH with only the version changes no field', async () => {
    const created = await createFullPage();
    const id = String(created['id']);
    const before = await readPage(id);
    expectOk(await editor.request('PATCH', `/api/v1/pages/${id}`, { body: { version: before['version'] } }), 'patch');
    const after = await readPage(id);
    expect(omit(after, ['updated_at', 'version'])).toEqual(omit(before, ['updated_at', 'version']));
  });

  it('has a sample for every field and none for a field that does not exist', () => {
    expect(Object.keys(pageSamples).sort()).toEqual(writableFields(pagePatchSchema).sort());
  });
});

// ---------------------------------------------------------------------------------------------
// Blocks: is_active, and every field inside block_data of every block type

/** The paths of the fields inside a block type's data; nested objects (a CTA's button) count per key. */
function dataFieldPaths(schema: z.ZodType, prefix: string[] = []): string[][] {
  let inner = schema;
  for (;;) {
    const def = inner.def as unknown as { type: string; innerType?: z.ZodType; in?: z.ZodType };
    if (def.innerType && ['default', 'prefault', 'catch', 'optional', 'nullable', 'readonly'].includes(def.type)) {
      inner = def.innerType;
    } else if (def.type === 'pipe' && def.in) {
      inner = def.in;
    } else break;
  }
  if (inner instanceof z.ZodObject) {
    return Object.entries(inner.shape as Record<string, z.ZodType>).flatMap(([key, field]) =>
      dataFieldPaths(field, [...prefix, key]),
    );
  }
  return [prefix];
}

const getPath = (data: unknown, path: string[]): unknown =>
  path.reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], data);
const nested = (path: string[], value: unknown): Record<string, unknown> =>
  path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value) as Record<string, unknown>;
function withPath(data: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const [key, ...rest] = path;
  if (key === undefined) return data;
  return { ...data, [key]: rest.length === 0 ? value : withPath(data[key] as Record<string, unknown>, rest, value) };
}

const card = (title: string, depth: string) => ({
  title,
  description: `${title} description`,
  image: `/media/u/${title.toLowerCase()}.jpg`,
  link: `/${title.toLowerCase()}`,
  difficulty: 'Intermediate',
  depth,
  highlights: ['Halocline', 'Stalactites'],
});

/** Each block type's starting data (every field away from its default) and a new value per field. */
const blockData: Record<BlockType, { initial: Record<string, unknown>; samples: Record<string, unknown> }> = {
  hero: {
    initial: {
      title: 'Dive the Yucatán',
      subtitle: 'Cenotes for every level',
      ctaText: 'Plan a dive',
      ctaLink: '/plan',
      overlay: 'light',
      backgroundImage: '/media/u/hero.jpg',
    },
    samples: {
      title: 'Cave diving',
      subtitle: 'Only with a guide',
      ctaText: 'Book now',
      ctaLink: 'https://example.com/book',
      overlay: 'dark',
      backgroundImage: '/media/u/hero-2.jpg',
    },
  },
  text: {
    initial: {
      heading: 'Safety first',
      content: '<p>Always dive with a guide.</p>',
      image: '/media/u/safety.jpg',
      imagePosition: 'left',
    },
    samples: {
      heading: 'Gear',
      content: '<p>Bring a torch.</p>',
      image: '/media/u/gear.jpg',
      imagePosition: 'bottom',
    },
  },
  gallery: {
    initial: {
      title: 'Under water',
      description: 'Photos from our dives',
      columns: 2,
      images: [{ url: '/media/u/g1.jpg', title: 'Light beam', description: 'Noon at Dos Ojos' }],
    },
    samples: {
      title: 'Above water',
      description: 'The jungle around',
      columns: 4,
      images: [
        { url: '/media/u/g2.jpg', title: 'Entrance', description: 'Stairs down' },
        { url: '/media/u/g3.jpg', title: 'Roots', description: 'Tree roots' },
      ],
    },
  },
  cards: {
    initial: {
      title: 'Top cenotes',
      description: 'Our favourites',
      columns: 2,
      cards: [card('Angelita', '60 m')],
    },
    samples: {
      title: 'Cavern dives',
      description: 'For open-water divers',
      columns: 4,
      cards: [card('Tajma', '15 m'), card('Calimba', '12 m')],
    },
  },
  cta: {
    initial: {
      heading: 'Ready to dive?',
      content: 'Book a guided dive.',
      backgroundColor: 'bg-teal-50',
      highlightBox: { text: 'Certified guides', bgColor: 'bg-amber-100', textColor: 'text-amber-900' },
      ctaButton: { text: 'Book', link: '/book' },
    },
    samples: {
      heading: 'Questions?',
      content: 'Write to us.',
      backgroundColor: 'bg-blue-50',
      'highlightBox.text': 'Small groups',
      'highlightBox.bgColor': 'bg-blue-100',
      'highlightBox.textColor': 'text-blue-900',
      'ctaButton.text': 'Contact',
      'ctaButton.link': 'mailto:dive@example.com',
    },
  },
  features: {
    initial: {
      title: 'Why us',
      subtitle: 'Twenty years in the caves',
      backgroundColor: 'bg-white',
      columns: 2,
      features: [{ icon: 'handshake', title: 'Guides', description: 'Full cave certified' }],
    },
    samples: {
      title: 'What you get',
      subtitle: 'Everything included',
      backgroundColor: 'bg-teal-50',
      columns: 3,
      features: [
        { icon: 'flashlight', title: 'Torches', description: 'Two per diver' },
        { icon: 'map', title: 'Transport', description: 'From your hotel' },
      ],
    },
  },
  facts: {
    initial: {
      title: 'Quick facts',
      description: 'Before you book',
      facts: [{ icon: 'waves-arrow-down', label: 'Depth Range', value: '5-10 m' }],
    },
    samples: {
      title: 'Conditions',
      description: 'Through the year',
      facts: [
        { icon: 'thermometer', label: 'Water Temperature', value: '24-25 °C' },
        { icon: '', label: 'Visibility', value: 'Over 30 m' },
      ],
    },
  },
  quote: {
    initial: { quote: 'The light in Dos Ojos is unreal.', author: 'A diver' },
    samples: { quote: 'Best dive of my life.', author: 'Another diver' },
  },
};

const blockCases = blockTypes.flatMap((type) =>
  dataFieldPaths(blockDefinitions[type].schema).map((path) => ({ type, path, name: `${type}.${path.join('.')}` })),
);

let blockPageId: string | undefined;
async function blockPage(): Promise<string> {
  if (blockPageId) return blockPageId;
  const response = await editor.post<{ page: { id: string } }>('/api/v1/pages', {
    title: 'Blocks',
    slug: unique('partial-blocks'),
  });
  expect(response.status).toBe(201);
  blockPageId = response.body.page.id;
  return blockPageId;
}

/** A block of `type` holding the starting data, inactive (so a default `is_active: true` shows). */
async function createFullBlock(type: BlockType): Promise<string> {
  const pageId = await blockPage();
  const created = await editor.post<{ block: Entity }>(`/api/v1/pages/${pageId}/blocks`, {
    block_type: type,
    block_data: blockData[type].initial,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body.block['block_data'], 'the starting data is stored as sent').toEqual(blockData[type].initial);
  const id = String(created.body.block['id']);
  const hidden = await editor.request('PATCH', `/api/v1/blocks/${id}`, {
    body: { version: created.body.block['version'], is_active: false },
  });
  expectOk(hidden, 'deactivate block');
  return id;
}

async function readBlock(id: string): Promise<Entity> {
  const response = await editor.get<{ blocks: Entity[] }>(`/api/v1/pages/${await blockPage()}/blocks`);
  expectOk(response, 'read blocks');
  const block = response.body.blocks.find((item) => item['id'] === id);
  if (!block) throw new Error(`block ${id} is not listed`);
  return block;
}

describe('PUT /api/v1/pages/:id/schedule', () => {
  it.each(['publish_at', 'unpublish_at'] as const)('changes %s alone and keeps the other time', async (field) => {
    const page = await createFullPage();
    const id = String(page['id']);
    const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
    const both = await editor.request<{ page: Entity }>('PUT', `/api/v1/pages/${id}/schedule`, {
      body: { publish_at: inHours(2), unpublish_at: inHours(48) },
    });
    expectOk(both, 'schedule both');
    const other = field === 'publish_at' ? 'unpublish_at' : 'publish_at';
    const expected = field === 'publish_at' ? inHours(3) : inHours(72);
    const one = await editor.request<{ page: Entity }>('PUT', `/api/v1/pages/${id}/schedule`, {
      body: { [field]: expected },
    });
    expectOk(one, `schedule ${field}`);
    expect(one.body.page[field]).toBe(expected);
    expect(one.body.page[other]).toBe(both.body.page[other]);
    const after = await readPage(id);
    expect(omit(after, [field])).toEqual(omit(both.body.page, [field]));
  });
});

describe('PATCH /api/v1/blocks/:id', () => {
  it('changes is_active alone and nothing else', async () => {
    const id = await createFullBlock('hero');
    const before = await readBlock(id);
    const response = await editor.request<{ block: Entity }>('PATCH', `/api/v1/blocks/${id}`, {
      body: { version: before['version'], is_active: true },
    });
    expectOk(response, 'patch is_active');
    const after = await readBlock(id);
    expect(response.body.block).toEqual(after);
    expectOnlyChanged({ before, after, field: 'is_active', expected: true, moving: ['updated_at', 'version'] });
    expectVersionBumped(before, after);
  });

  it.each(blockCases)('changes block_data.$name alone and nothing else', async ({ type, path, name }) => {
    const samples = blockData[type].samples;
    const key = path.join('.');
    if (!(key in samples)) throw new Error(`No sample value for block_data.${name}: add one to blockData.${type}`);
    const expectedValue = samples[key];
    const defaults = blockDefinitions[type].schema.parse({});
    expect(getPath(blockData[type].initial, path), `${name} must start away from its default`).not.toEqual(
      getPath(defaults, path),
    );

    const id = await createFullBlock(type);
    const before = await readBlock(id);
    const beforeData = before['block_data'] as Record<string, unknown>;
    expect(getPath(beforeData, path)).not.toEqual(expectedValue);
    const response = await editor.request<{ block: Entity }>('PATCH', `/api/v1/blocks/${id}`, {
      body: { version: before['version'], block_data: nested(path, expectedValue) },
    });
    expectOk(response, `patch ${name}`);
    const after = await readBlock(id);
    expect(response.body.block).toEqual(after);
    expectOnlyChanged({
      before,
      after,
      field: 'block_data',
      expected: withPath(beforeData, path, expectedValue),
      moving: ['updated_at', 'version'],
    });
    expectVersionBumped(before, after);
  });

  it('has a sample for every field of every block type and none for a field that does not exist', () => {
    expect(writableFields(blockPatchSchema).sort()).toEqual(['block_data', 'is_active']);
    for (const type of blockTypes) {
      const paths = dataFieldPaths(blockDefinitions[type].schema).map((path) => path.join('.'));
      expect(Object.keys(blockData[type].samples).sort(), type).toEqual(paths.sort());
    }
  });

  it('replaces the data of a block type it does not know as a whole (no schema, no defaults)', async () => {
    const pageId = await blockPage();
    const [row] = await server.app.db
      .insert(contentBlocks)
      .values({ page_id: pageId, block_type: 'legacy-map', block_order: 99, block_data: { zoom: 3, pin: 'x' } })
      .returning();
    const response = await editor.request<{ block: Entity }>('PATCH', `/api/v1/blocks/${row!.id}`, {
      body: { version: 1, block_data: { zoom: 5 } },
    });
    expectOk(response, 'patch unknown type');
    expect(response.body.block['block_data']).toEqual({ zoom: 5 });
  });
});

// ---------------------------------------------------------------------------------------------
// Navigation

const navigationSamples: Record<string, Sample> = {
  title: { value: 'Cave sites' },
  link_url: { value: 'https://example.com/caves' },
  description: { value: 'Caves you can visit' },
  is_active: { value: true },
  image_id: { from: () => images[1] },
};

/** An inactive sub-item of the header with an image and a description. */
async function createFullNavigationItem(): Promise<string> {
  const parent = await editor.post<{ item: Entity }>('/api/v1/navigation', {
    title: unique('Parent'),
    link_url: '/parent',
    menu_type: 'header',
  });
  expect(parent.status, JSON.stringify(parent.body)).toBe(201);
  const child = await editor.post<{ item: Entity }>('/api/v1/navigation', {
    title: 'Dive sites',
    link_url: '/dive-sites',
    description: 'Where to dive',
    menu_type: 'header',
    parent_id: parent.body.item['id'],
    image_id: images[0],
  });
  expect(child.status, JSON.stringify(child.body)).toBe(201);
  const id = String(child.body.item['id']);
  expectOk(
    await editor.request('PATCH', `/api/v1/navigation/${id}`, {
      body: { version: child.body.item['version'], is_active: false },
    }),
    'deactivate item',
  );
  return id;
}

type NavigationNode = Entity & { children: NavigationNode[] };
async function readNavigationItem(id: string): Promise<Entity> {
  const response = await editor.get<{ items: NavigationNode[] }>('/api/v1/navigation/admin?menu=header');
  expectOk(response, 'read navigation');
  const all = (nodes: NavigationNode[]): NavigationNode[] => nodes.flatMap((node) => [node, ...all(node.children)]);
  const item = all(response.body.items).find((node) => node['id'] === id);
  if (!item) throw new Error(`navigation item ${id} is not listed`);
  return { ...omit(item, ['children', 'image']), image_id: (item['image'] as { id: string } | null)?.id ?? null };
}

describe('PATCH /api/v1/navigation/:id', () => {
  it.each(writableFields(navigationItemPatchSchema))('changes %s alone and nothing else', async (field) => {
    const id = await createFullNavigationItem();
    const before = await readNavigationItem(id);
    expect(before).toMatchObject({ is_active: false, description: 'Where to dive', image_id: images[0] });
    const expected = sampleFor(navigationSamples, field, before);
    const response = await editor.request<{ item: Entity }>('PATCH', `/api/v1/navigation/${id}`, {
      body: { version: before['version'], [field]: expected },
    });
    expectOk(response, `patch ${field}`);
    const after = await readNavigationItem(id);
    expectOnlyChanged({ before, after, field, expected, moving: ['version'] });
    expectVersionBumped(before, after);
  });

  it('has a sample for every field and none for a field that does not exist', () => {
    expect(Object.keys(navigationSamples).sort()).toEqual(writableFields(navigationItemPatchSchema).sort());
  });
});

// ---------------------------------------------------------------------------------------------
// Media: images and folders

const imageSamples: Record<string, Sample> = {
  alt_text: { value: 'Sunlight falling into a flooded cave' },
  caption: { value: 'Noon at Dos Ojos' },
  alt_text_es: { value: 'Luz del sol que cae en una cueva inundada' },
  caption_es: { value: 'Mediodía en Dos Ojos' },
  category: { value: 'caves' },
  folder_id: { from: () => folders[1] },
  focal_point: { value: { x: 20, y: 80 } },
};
const imageStart = () => ({
  alt_text: 'A diver in a cenote',
  caption: 'Morning dive',
  alt_text_es: 'Un buzo en un cenote',
  caption_es: 'Inmersión matutina',
  category: 'cenotes',
  folder_id: folders[0],
  focal_point: { x: 50, y: 50 },
});

const readImage = async (id: string) => {
  const response = await editor.get<{ image: Entity }>(`/api/v1/media/${id}`);
  expectOk(response, 'read image');
  return response.body.image;
};

describe('PATCH /api/v1/media/:id', () => {
  it.each(writableFields(updateImageSchema))('changes %s alone and nothing else', async (field) => {
    const id = images[0];
    // Back to the starting values, every one set (the same image serves every case).
    const current = await readImage(id);
    expectOk(
      await editor.request('PATCH', `/api/v1/media/${id}`, { body: { version: current['version'], ...imageStart() } }),
      'reset image',
    );
    const before = await readImage(id);
    expect(before).toMatchObject(imageStart());
    const expected = sampleFor(imageSamples, field, before);
    const response = await editor.request<{ image: Entity }>('PATCH', `/api/v1/media/${id}`, {
      body: { version: before['version'], [field]: expected },
    });
    expectOk(response, `patch ${field}`);
    const after = await readImage(id);
    expect(response.body.image).toEqual(after);
    // The SEO score is computed from the alt text and the caption.
    const moving = ['version', ...(field === 'alt_text' || field === 'caption' ? ['seo_score', 'seo_reasons'] : [])];
    expectOnlyChanged({ before, after, field, expected, moving });
    expectVersionBumped(before, after);
  });

  it('has a sample for every field and none for a field that does not exist', () => {
    expect(Object.keys(imageSamples).sort()).toEqual(writableFields(updateImageSchema).sort());
  });
});

const folderSamples: Record<string, Sample> = {
  name: { from: (before) => `${String(before['name'])} renamed` },
};

async function readFolder(id: string): Promise<Entity> {
  const response = await editor.get<{ folders: Entity[] }>('/api/v1/media/folders');
  expectOk(response, 'read folders');
  const folder = response.body.folders.find((item) => item['id'] === id);
  if (!folder) throw new Error(`folder ${id} is not listed`);
  return folder;
}

describe('PATCH /api/v1/media/folders/:id', () => {
  it.each(writableFields(updateFolderSchema))('changes %s alone and nothing else', async (field) => {
    const id = await createFolder(unique('Sub folder'), folders[0]);
    const before = await readFolder(id);
    expect(before['parent_id']).toBe(folders[0]);
    const expected = sampleFor(folderSamples, field, before);
    const response = await editor.request<{ folder: Entity }>('PATCH', `/api/v1/media/folders/${id}`, {
      body: { [field]: expected },
    });
    expectOk(response, `patch ${field}`);
    const after = await readFolder(id);
    expect(response.body.folder).toEqual(after);
    expectOnlyChanged({ before, after, field, expected, moving: [] });
  });

  it('an empty PATCH keeps the name', async () => {
    const id = await createFolder(unique('Kept'));
    const before = await readFolder(id);
    expectOk(await editor.request('PATCH', `/api/v1/media/folders/${id}`, { body: {} }), 'empty patch');
    expect(await readFolder(id)).toEqual(before);
  });

  it('has a sample for every field and none for a field that does not exist', () => {
    expect(Object.keys(folderSamples).sort()).toEqual(writableFields(updateFolderSchema).sort());
  });
});

// ---------------------------------------------------------------------------------------------
// Settings: the PUTs accept partial bodies, so a field left out must keep its value

const seoStart = {
  site_title: 'Cenote Atlas Guide',
  site_description: 'Diving the cenotes of the Yucatán.',
  default_og_image: '/media/u/og.jpg',
  google_analytics_id: 'G-ABC123XYZ9',
  google_tag_manager_id: 'GTM-5XKQ2P',
  twitter_handle: 'cenoteatlas',
  facebook_page: 'https://www.facebook.com/cenoteatlas',
  instagram_url: 'https://instagram.com/cenoteatlas',
  youtube_url: 'https://www.youtube.com/@cenoteatlas',
};
const seoSamples: Record<string, Sample> = {
  site_title: { value: 'Cenote Field Notes' },
  site_description: { value: 'Caves, cenotes and the people who dive them.' },
  default_og_image: { value: 'https://images.example.com/og.jpg' },
  google_analytics_id: { value: 'G-NEW9876543' },
  google_tag_manager_id: { value: 'GTM-NEW1234' },
  twitter_handle: { value: 'cenotenotes' },
  facebook_page: { value: 'https://facebook.com/cenotenotes' },
  instagram_url: { value: 'https://www.instagram.com/cenotenotes' },
  youtube_url: { value: 'https://youtube.com/@cenotenotes' },
};
const performanceStart = {
  enable_caching: false,
  cache_duration: 3600,
  enable_webp: false,
  enable_avif: false,
  image_quality: 70,
  lazy_loading: false,
  page_weight_budget_kb: 1200,
};
const performanceSamples: Record<string, Sample> = {
  enable_caching: { value: true },
  cache_duration: { value: 7200 },
  enable_webp: { value: true },
  enable_avif: { value: true },
  image_quality: { value: 60 },
  lazy_loading: { value: true },
  page_weight_budget_kb: { value: 900 },
};

const settingsRoutes = [
  {
    name: 'seo',
    schema: seoSettingsUpdateSchema,
    table: seoSettings,
    start: seoStart,
    samples: seoSamples,
    read: '/api/v1/settings/seo/admin',
  },
  {
    name: 'performance',
    schema: performanceSettingsUpdateSchema,
    table: performanceSettings,
    start: performanceStart,
    samples: performanceSamples,
    read: '/api/v1/settings/performance',
  },
] as const;

describe.each(settingsRoutes)('PUT /api/v1/settings/$name', ({ name, schema, table, start, samples, read }) => {
  const readSettings = async () => {
    const response = await admin.get<{ settings: Entity }>(read);
    expectOk(response, `read ${name} settings`);
    return response.body.settings;
  };

  it.each(writableFields(schema))('changes %s alone and nothing else', async (field) => {
    // A fresh record holding the starting values (the first save creates it with version 1).
    await server.app.db.delete(table);
    expectOk(await admin.request('PUT', `/api/v1/settings/${name}`, { body: start }), 'first save');
    const before = await readSettings();
    expect(before).toMatchObject({ ...start, version: 1 });
    const expected = sampleFor(samples, field, before);
    const response = await admin.request<{ settings: Entity }>('PUT', `/api/v1/settings/${name}`, {
      body: { version: before['version'], [field]: expected },
    });
    expectOk(response, `put ${field}`);
    const after = await readSettings();
    expect(response.body.settings).toEqual(after);
    expectOnlyChanged({ before, after, field, expected, moving: ['updated_at', 'version'] });
    expectVersionBumped(before, after);
  });

  it('refuses a save that names no setting, and changes nothing', async () => {
    await server.app.db.delete(table);
    expectOk(await admin.request('PUT', `/api/v1/settings/${name}`, { body: start }), 'first save');
    const before = await readSettings();
    for (const body of [{ version: before['version'] }, {}, { unknown_setting: true }]) {
      const response = await admin.request<ErrorBody>('PUT', `/api/v1/settings/${name}`, { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toEqual({ code: 'invalid_input', message: 'Send at least one setting to save.' });
    }
    expect(await readSettings()).toEqual(before);
  });

  it('has a sample and a starting value for every field and none for a field that does not exist', () => {
    expect(Object.keys(samples).sort()).toEqual(writableFields(schema).sort());
    expect(Object.keys(start).sort()).toEqual(writableFields(schema).sort());
  });
});

// ---------------------------------------------------------------------------------------------
// People (decision 38): a role change leaves the account's status alone, and the other way round

const userPatchSamples: Record<string, Sample> = {
  role: { value: 'viewer' },
  disabled: { value: true },
};

describe('PATCH /api/v1/users/:id', () => {
  const readUser = async (email: string) => {
    const response = await admin.get<{ items: Entity[] }>(`/api/v1/users?q=${encodeURIComponent(email)}`);
    expectOk(response, 'list users');
    expect(response.body.items).toHaveLength(1);
    return response.body.items[0]!;
  };

  it.each(Object.keys(userPatchSamples))('changes %s alone and nothing else', async (field) => {
    const { email } = await createUserWithRole(server, 'editor');
    const before = await readUser(email);
    expect(before).toMatchObject({ role: 'editor', status: 'active' });
    const sample = sampleFor(userPatchSamples, field, before);
    const response = await admin.request<{ user: Entity }>('PATCH', `/api/v1/users/${String(before['id'])}`, {
      body: { [field]: sample },
    });
    expectOk(response, `patch ${field}`);
    const after = await readUser(email);
    expect(response.body.user).toEqual(after);
    // `disabled` is read back as the status.
    const [shown, expected] = field === 'disabled' ? ['status', 'disabled'] : [field, sample];
    expectOnlyChanged({ before, after, field: shown, expected, moving: [] });
  });
});

// ---------------------------------------------------------------------------------------------
// Redirects (decision 36)

const redirectSamples: Record<string, Sample> = {
  from: { from: (before) => `${String(before['from'])}-moved` },
  to: { value: '/somewhere-else#section' },
  status: { value: 302 },
};

describe('PATCH /api/v1/redirects/:id', () => {
  const readRedirect = async (id: string) => {
    const response = await editor.get<{ items: Entity[] }>('/api/v1/redirects?limit=200');
    expectOk(response, 'list redirects');
    return response.body.items.find((item) => item['id'] === id)!;
  };

  it.each(Object.keys(redirectSamples))('changes %s alone and nothing else', async (field) => {
    counter += 1;
    const created = await editor.post<{ redirect: Entity }>('/api/v1/redirects', {
      from: `/old-address-${counter}`,
      to: '/new-address',
      status: 301,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const before = await readRedirect(String(created.body.redirect['id']));
    const expected = sampleFor(redirectSamples, field, before);
    const response = await editor.request<{ redirect: Entity }>('PATCH', `/api/v1/redirects/${String(before['id'])}`, {
      body: { version: before['version'], [field]: expected },
    });
    expectOk(response, `patch ${field}`);
    const after = await readRedirect(String(before['id']));
    expect(response.body.redirect).toEqual(after);
    expectOnlyChanged({ before, after, field, expected, moving: ['updated_at', 'version'] });
    expectVersionBumped(before, after);
  });
});
