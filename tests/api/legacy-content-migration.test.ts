import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factsSchema } from '../../src/features/blocks/facts/block';
import { featuresFromStored, featuresSchema } from '../../src/features/blocks/features/block';
import { restoreRevision } from '../../src/features/publishing/publishing.service.server';
import { openDatabase } from '../../src/platform/db/client.server';
import { signedInClient } from '../helpers/auth';
import { getJson, projectRoot, startTestApp, type TestApp, type TestData } from '../helpers/build-app';
import { createPostgresDatabase, testDriver } from '../helpers/test-database';

/**
 * Issue 18: a site made before icons had names and facts existed. Its data is written with the
 * migrations as they were (up to 0005); the next start runs 0006 and rebuilds the search index.
 */

const pageId = '0b8f2a6e-6f7d-4a52-9d4e-6c1f3a0b0001';
const revisionId = '0b8f2a6e-6f7d-4a52-9d4e-6c1f3a0b0002';
const ids = {
  features: '0b8f2a6e-6f7d-4a52-9d4e-6c1f3a0b0011',
  glance: '0b8f2a6e-6f7d-4a52-9d4e-6c1f3a0b0012',
  glanceWithImage: '0b8f2a6e-6f7d-4a52-9d4e-6c1f3a0b0013',
  nearby: '0b8f2a6e-6f7d-4a52-9d4e-6c1f3a0b0014',
  namedIcons: '0b8f2a6e-6f7d-4a52-9d4e-6c1f3a0b0015',
};

const legacyFeatures = {
  title: 'Why divers love it',
  subtitle: '',
  backgroundColor: 'bg-teal-50',
  columns: 3,
  features: [
    { icon: '🤿', title: 'Snorkel friendly', description: 'Much of it shows from the surface.' },
    { icon: '☀️', title: 'Open to the sky', description: '' },
    { icon: '☀', title: 'Sun without the selector', description: '' },
    { icon: '🎉', title: 'An emoji nobody mapped', description: '' },
    { icon: '', title: 'No icon at all', description: '' },
  ],
};
const glanceCards = {
  title: 'At a glance',
  description: 'The essentials.',
  columns: 4,
  cards: [
    { title: 'Difficulty Level', description: 'Beginner (Open Water)' },
    { title: 'Depth Range', description: '2-8 m' },
    { title: 'Water Temperature', description: '24-25 °C' },
    { title: 'Location', description: 'North of Tulum' },
  ],
};
/** Cards with an image are real cards even under this title: they stay cards. */
const glanceWithImage = {
  title: 'At a glance',
  description: '',
  columns: 2,
  cards: [{ title: 'The basin', description: 'Open water', image: '/media/seed/open-cenote.jpg' }],
};
const nearby = {
  title: 'Nearby Cenotes',
  description: '',
  columns: 3,
  cards: [{ title: 'Light beams', description: 'Sunlight through the openings', highlights: ['Cavern zone'] }],
};
const namedIcons = {
  title: 'Already named',
  subtitle: '',
  backgroundColor: 'bg-white',
  columns: 2,
  features: [{ icon: 'fish', title: 'Fish', description: '' }],
};

const draftBlocks = [
  { id: ids.features, block_type: 'features', block_data: legacyFeatures, block_order: 1, is_active: true, version: 3 },
  { id: ids.glance, block_type: 'cards', block_data: glanceCards, block_order: 2, is_active: true, version: 1 },
  {
    id: ids.glanceWithImage,
    block_type: 'cards',
    block_data: glanceWithImage,
    block_order: 3,
    is_active: true,
    version: 1,
  },
  { id: ids.nearby, block_type: 'cards', block_data: nearby, block_order: 4, is_active: true, version: 1 },
  { id: ids.namedIcons, block_type: 'features', block_data: namedIcons, block_order: 5, is_active: true, version: 2 },
];

let data: TestData;
let server: TestApp;

/** The migrations folder as it was before 0006. */
async function migrationsBefore0006(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cenote-migrations-'));
  await cp(path.join(projectRoot, 'db', 'migrations'), dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: Array<{ idx: number; tag: string }> };
  const later = journal.entries.filter((entry) => entry.idx >= 6);
  expect(later.map((entry) => entry.tag)).toContain('0006_named_icons_and_facts');
  journal.entries = journal.entries.filter((entry) => entry.idx < 6);
  await writeFile(journalPath, JSON.stringify(journal));
  for (const entry of later) await rm(path.join(dir, `${entry.tag}.sql`));
  return dir;
}

beforeAll(async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cenote-legacy-'));
  const postgres = testDriver() === 'postgres' ? await createPostgresDatabase() : undefined;
  data = { dataDir, postgres };
  const oldMigrations = await migrationsBefore0006();
  const handle = await openDatabase({ databaseUrl: postgres?.url, dataDir });
  try {
    await handle.migrate(oldMigrations);
    const db = handle.db;
    await db.execute(sql`
      insert into pages (id, slug, title, excerpt, page_type, is_published, sort_order, published_at)
      values (${pageId}, 'cenote-legacy', 'Cenote Legacy', 'A page from before issue 18.', 'cenote', true, 5, now())`);
    for (const block of draftBlocks) {
      await db.execute(sql`
        insert into content_blocks (id, page_id, block_type, block_data, block_order, is_active, version)
        values (${block.id}, ${pageId}, ${block.block_type}, ${JSON.stringify(block.block_data)}::jsonb,
          ${block.block_order}, ${block.is_active}, ${block.version})`);
    }
    const snapshot = {
      page: {
        slug: 'cenote-legacy',
        title: 'Cenote Legacy',
        excerpt: 'A page from before issue 18.',
        page_type: 'cenote',
      },
      blocks: draftBlocks,
    };
    await db.execute(sql`
      insert into page_revisions (id, page_id, number, kind, author_name, snapshot)
      values (${revisionId}, ${pageId}, 1, 'published', 'Test', ${JSON.stringify(snapshot)}::jsonb)`);
    await db.execute(sql`
      insert into published_pages (page_id, revision_id, slug, title, excerpt, page_type, blocks)
      values (${pageId}, ${revisionId}, 'cenote-legacy', 'Cenote Legacy', 'A page from before issue 18.', 'cenote',
        ${JSON.stringify(draftBlocks)}::jsonb)`);
    await db.execute(sql`
      insert into page_search (page_id, body_text, document)
      values (${pageId}, 'Light beams Sunlight through the openings Cavern zone', to_tsvector('simple', 'old'))`);
  } finally {
    await handle.close();
    await rm(oldMigrations, { recursive: true, force: true });
  }
  // The next start: migration 0006, then the search rows are rebuilt.
  server = await startTestApp({ data, seed: false });
});
afterAll(async () => {
  await server?.close();
});

interface StoredBlock {
  id: string;
  block_type: string;
  block_data: Record<string, unknown>;
  version: number;
}

/** Both drivers answer execute() with { rows }; drizzle types the raw result as unknown. */
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await server.app.db.execute(query)) as { rows: T[] }).rows;
}

async function draftBlocksNow(): Promise<StoredBlock[]> {
  return rows<StoredBlock>(
    sql`select id, block_type, block_data, version from content_blocks where page_id = ${pageId} order by block_order`,
  );
}

async function liveBlocksNow(): Promise<StoredBlock[]> {
  const [live] = await rows<{ blocks: StoredBlock[] }>(
    sql`select blocks from published_pages where page_id = ${pageId}`,
  );
  return live?.blocks ?? [];
}

describe('migration 0006 on a site from before named icons and facts', () => {
  it('names every feature icon, as the site itself would show the old emoji', async () => {
    const [features, , , , named] = await draftBlocksNow();
    expect(features?.block_data['features']).toEqual([
      { icon: 'waves-ladder', title: 'Snorkel friendly', description: 'Much of it shows from the surface.' },
      { icon: 'sun', title: 'Open to the sky', description: '' },
      { icon: 'sun', title: 'Sun without the selector', description: '' },
      { icon: 'sparkles', title: 'An emoji nobody mapped', description: '' },
      { icon: '', title: 'No icon at all', description: '' },
    ]);
    // The SQL and the renderer's reading of old data agree, and the result passes today's schema.
    expect(features?.block_data).toEqual(featuresFromStored(legacyFeatures));
    expect(featuresSchema.safeParse(features?.block_data).success).toBe(true);
    expect(features?.version).toBe(4);
    // Nothing to convert: the block and its version stay.
    expect(named?.block_data).toEqual(namedIcons);
    expect(named?.version).toBe(2);
  });

  it("turns the 'At a glance' cards into a facts block and leaves real cards alone", async () => {
    const [, glance, withImage, nearbyBlock] = await draftBlocksNow();
    expect(glance?.block_type).toBe('facts');
    expect(glance?.block_data).toEqual({
      title: 'At a glance',
      description: 'The essentials.',
      facts: [
        { icon: 'gauge', label: 'Difficulty Level', value: 'Beginner (Open Water)' },
        { icon: 'waves-arrow-down', label: 'Depth Range', value: '2-8 m' },
        { icon: 'thermometer', label: 'Water Temperature', value: '24-25 °C' },
        { icon: 'map-pin', label: 'Location', value: 'North of Tulum' },
      ],
    });
    expect(factsSchema.safeParse(glance?.block_data).success).toBe(true);
    expect(glance?.version).toBe(2);
    expect(withImage?.block_type).toBe('cards');
    expect(withImage?.block_data).toEqual(glanceWithImage);
    expect(nearbyBlock?.block_data).toEqual(nearby);
  });

  it('converts the live copy exactly like the draft, and keeps the revision as history', async () => {
    const draft = await draftBlocksNow();
    const live = await liveBlocksNow();
    expect(live.map((block) => [block.id, block.block_type, block.block_data, block.version])).toEqual(
      draft.map((block) => [block.id, block.block_type, block.block_data, block.version]),
    );
    const [revision] = await rows<{ snapshot: { blocks: unknown } }>(
      sql`select snapshot from page_revisions where id = ${revisionId}`,
    );
    expect(revision?.snapshot.blocks).toEqual(draftBlocks);
    const [page] = await rows<{ has_unpublished_changes: boolean }>(
      sql`select has_unpublished_changes from pages where id = ${pageId}`,
    );
    expect(page?.has_unpublished_changes).toBe(false);
  });

  it('rebuilds the search row at start with text that reads as sentences', async () => {
    const { status, body } = await getJson<{ results: Array<{ slug: string; snippet: string }> }>(
      `${server.url}/api/v1/search?q=${encodeURIComponent('cavern zone')}`,
    );
    expect(status).toBe(200);
    const result = body.results.find((entry) => entry.slug === 'cenote-legacy');
    expect(result?.snippet).toContain(
      'Light beams. Sunlight through the openings. <mark>Cavern</mark> <mark>zone</mark>',
    );
    const facts = await getJson<{ results: Array<{ slug: string; snippet: string }> }>(
      `${server.url}/api/v1/search?q=${encodeURIComponent('depth range')}`,
    );
    expect(facts.body.results.find((entry) => entry.slug === 'cenote-legacy')?.snippet).toContain(
      '<mark>Depth</mark> <mark>Range</mark>: 2-8 m.',
    );
  });

  it('shows the page with SVG icons and the facts list, and no emoji', async () => {
    const response = await fetch(`${server.url}/cenote-legacy`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    expect(main).not.toMatch(/\p{Extended_Pictographic}/u);
    expect(main).toMatch(/Depth Range<span class="sr-only">: <\/span><\/span><span[^>]*>2-8 m<\/span>/);
    expect(main.match(/<svg[^>]*lucide-sparkles/g)?.length).toBeGreaterThanOrEqual(1);
  });

  it('restoring the old revision brings its blocks back in today’s shape', async () => {
    await restoreRevision(server.app.db, pageId, revisionId, { id: null, name: 'Test' });
    const [features, glance] = await draftBlocksNow();
    expect((features?.block_data['features'] as Array<{ icon: string }>).map((feature) => feature.icon)).toEqual([
      'waves-ladder',
      'sun',
      'sun',
      'sparkles',
      '',
    ]);
    // The revision's cards stay cards: only the migration turns cards into facts.
    expect(glance?.block_type).toBe('cards');
  });
});

describe('an API client that still sends emoji icons', () => {
  it('gets a known emoji stored as its icon name, and a 400 naming the field for anything else', async () => {
    const editor = await signedInClient(server, 'editor');
    const added = await editor.post<{ block: { block_data: { features: Array<{ icon: string }> } } }>(
      `/api/v1/pages/${pageId}/blocks`,
      { block_type: 'features', block_data: { features: [{ icon: '🔦', title: 'Torches' }, { title: 'No icon' }] } },
    );
    expect(added.status).toBe(201);
    expect(added.body.block.block_data.features.map((feature) => feature.icon)).toEqual(['flashlight', '']);

    const refused = await editor.post<{ error: { code: string; message: string; field: string } }>(
      `/api/v1/pages/${pageId}/blocks`,
      { block_type: 'facts', block_data: { facts: [{ icon: '🚀', label: 'Speed', value: 'Fast' }] } },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.field).toBe('block_data.facts.0.icon');
    expect(refused.body.error.message).toContain('Choose one of the icons by name');
  });
});
