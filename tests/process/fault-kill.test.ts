import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../helpers/auth';
import { createPostgresDatabase, postgresAdminUrl } from '../helpers/test-database';
import { availablePort, spawnServer, stopServers, waitForHealthy, type ServerProcess } from '../helpers/server-process';

/**
 * kill -9 in the middle of a burst of saves. A save is one request and one transaction that
 * writes several rows together: a block save writes the block, touches its page (updated_at) and
 * rebuilds the page's search row from the blocks; adding a block also renumbers nothing but must
 * keep orders 1..n; creating a page writes the page and its search row. Every save carries a
 * unique marker word, so after the restart each one can be found (or not) in every row it writes:
 * all of them or none, and every save that was answered 2xx before the kill must be there.
 */

const admin = { email: 'kill-admin@example.com', password: 'kill-admin-password' };
const basePages = 12;
const newPages = 24;
const concurrency = 8;
/** The kill comes when this many saves have been answered, with others still in flight. */
const answeredBeforeKill = 20;

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface PageDto {
  id: string;
  slug: string;
  updated_at: string;
  version: number;
}
interface BlockDto {
  id: string;
  page_id: string;
  version: number;
  block_order: number;
  block_data: { heading?: string; content?: string };
  updated_at: string;
}

type Save =
  | { kind: 'block-save'; marker: string; pageId: string; blockId: string; version: number }
  | { kind: 'block-add'; marker: string; pageId: string }
  | { kind: 'page-create'; marker: string };

type Outcome = 'answered-2xx' | 'answered-other' | 'cut-off' | 'never-sent';

/** A lowercase word no seeded text contains, so search finds exactly the rows that hold it. */
const newMarker = () =>
  `zq${randomBytes(5)
    .toString('hex')
    .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!)}`;

const textBlock = (marker: string) => ({
  block_type: 'text',
  block_data: { heading: `Heading ${marker}`, content: `<p>Body text ${marker}</p>` },
});

/**
 * tsx runs the server in a child process of its own; the one to kill is that child (it holds the
 * database lock). Linux lists a process's children in /proc.
 */
async function descendantsOf(pid: number): Promise<number[]> {
  const text = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  const children = text.split(/\s+/).filter(Boolean).map(Number);
  const nested = await Promise.all(children.map((child) => descendantsOf(child)));
  return [...children, ...nested.flat()];
}

async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = spawnServer({ PORT: await availablePort(), ...env });
  cleanups.push(() => stopServers([server]));
  await waitForHealthy(server, 120_000);
  return server;
}

async function send(client: ApiClient, save: Save) {
  switch (save.kind) {
    case 'block-save':
      return client.request('PATCH', `/api/v1/blocks/${save.blockId}`, {
        body: { version: save.version, block_data: textBlock(save.marker).block_data },
      });
    case 'block-add':
      return client.post(`/api/v1/pages/${save.pageId}/blocks`, textBlock(save.marker));
    case 'page-create':
      return client.post('/api/v1/pages', {
        title: `Page ${save.marker}`,
        slug: `kill-${save.marker}`,
        excerpt: `Created in the burst ${save.marker}`,
        is_published: true,
      });
  }
}

const drivers = [
  { name: 'embedded PGlite', postgres: false },
  ...(postgresAdminUrl() ? [{ name: 'PostgreSQL', postgres: true }] : []),
];

describe.each(drivers)('kill -9 during a burst of saves, then restart ($name)', ({ postgres }) => {
  it(
    'keeps every save whole or absent, keeps every answered save, and restarts cleanly',
    { timeout: 240_000 },
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'cenote-kill-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const env: Record<string, string> = {
        DATA_DIR: dataDir,
        SEED: 'false',
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
      };
      if (postgres) {
        const database = await createPostgresDatabase();
        cleanups.push(database.drop);
        env['DATABASE_URL'] = database.url;
      }

      const first = await startServer(env);
      const setup = new ApiClient(first.url);
      expect((await setup.signIn(admin.email, admin.password)).status).toBe(200);

      // Pages with two text blocks each, made before the burst.
      const pages: Array<{ page: PageDto; blocks: BlockDto[] }> = [];
      for (let index = 0; index < basePages; index++) {
        const created = await setup.post<{ page: PageDto }>('/api/v1/pages', {
          title: `Kill test page ${index}`,
          slug: `kill-base-${index}`,
          is_published: true,
        });
        expect(created.status).toBe(201);
        const blocks: BlockDto[] = [];
        for (let block = 0; block < 2; block++) {
          const added = await setup.post<{ block: BlockDto }>(
            `/api/v1/pages/${created.body.page.id}/blocks`,
            textBlock(`base${index}x${block}`),
          );
          expect(added.status).toBe(201);
          blocks.push(added.body.block);
        }
        pages.push({ page: created.body.page, blocks });
      }
      // The burst: every base block saved once, a block added to every base page, new pages; interleaved.
      const saves: Save[] = [];
      for (let index = 0; index < Math.max(basePages, newPages); index++) {
        const base = pages[index];
        if (base) {
          for (const block of base.blocks) {
            saves.push({
              kind: 'block-save',
              marker: newMarker(),
              pageId: base.page.id,
              blockId: block.id,
              version: block.version,
            });
          }
          saves.push({ kind: 'block-add', marker: newMarker(), pageId: base.page.id });
        }
        if (index < newPages) saves.push({ kind: 'page-create', marker: newMarker() });
      }
      // Server and test share the machine's clock; a millisecond of slack for rounding.
      const burstStartedAt = Date.now() - 1;
      const outcomes = new Map<Save, Outcome>(saves.map((save) => [save, 'never-sent']));
      const statuses: number[] = [];
      let answered = 0;
      let inFlight = 0;
      let inFlightAtKill = -1;
      let killed = false;
      let killedPid = 0;
      const queue = [...saves];
      const worker = async () => {
        for (let save = queue.shift(); save && !killed; save = queue.shift()) {
          inFlight += 1;
          try {
            const response = await send(setup, save);
            statuses.push(response.status);
            outcomes.set(save, response.status >= 200 && response.status < 300 ? 'answered-2xx' : 'answered-other');
            answered += 1;
          } catch {
            outcomes.set(save, 'cut-off');
          }
          inFlight -= 1;
          if (answered >= answeredBeforeKill && !killed) {
            killed = true;
            inFlightAtKill = inFlight;
            const [serverPid] = await descendantsOf(first.child.pid!);
            if (!serverPid) throw new Error('the server process was not found under the tsx wrapper');
            killedPid = serverPid;
            process.kill(serverPid, 'SIGKILL');
          }
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      await first.exited;

      // The kill came mid-burst: other saves were on their way and some were never sent.
      expect(killed).toBe(true);
      expect(inFlightAtKill, 'saves in flight when the server was killed').toBeGreaterThan(0);
      expect([...outcomes.values()]).toContain('never-sent');
      expect(statuses.filter((status) => status < 200 || status >= 300)).toEqual([]);

      if (!postgres) {
        // The dead process's lock file is still there; the restart must take it over, not refuse.
        expect(Number(await readFile(path.join(dataDir, 'db.lock'), 'utf8'))).toBe(killedPid);
      }

      const second = await startServer(env);
      if (!postgres) {
        const lockOwner = Number(await readFile(path.join(dataDir, 'db.lock'), 'utf8'));
        expect(lockOwner).not.toBe(killedPid);
        expect((await descendantsOf(second.child.pid!)).includes(lockOwner)).toBe(true);
      }

      const reader = new ApiClient(second.url);
      expect((await reader.signIn(admin.email, admin.password)).status).toBe(200);
      const blocksOf = new Map<string, BlockDto[]>();
      const pageRows = new Map<string, PageDto>();
      for (const { page } of pages) {
        const blocks = await reader.get<{ blocks: BlockDto[] }>(`/api/v1/pages/${page.id}/blocks`);
        expect(blocks.status).toBe(200);
        blocksOf.set(page.id, blocks.body.blocks);
        const row = await reader.get<{ page: PageDto }>(`/api/v1/pages/${page.id}`);
        expect(row.status).toBe(200);
        pageRows.set(page.id, row.body.page);
        // Adding a block is a single transaction: orders stay 1..n with no gap or duplicate.
        expect(blocks.body.blocks.map((block) => block.block_order)).toEqual(
          blocks.body.blocks.map((_block, index) => index + 1),
        );
      }

      const searchFinds = async (marker: string): Promise<string[]> => {
        const found = await reader.get<{ results: Array<{ slug: string }> }>(`/api/v1/search?q=${marker}&limit=20`);
        expect(found.status).toBe(200);
        return found.body.results.map((result) => result.slug);
      };

      const report: string[] = [];
      let present = 0;
      for (const save of saves) {
        const outcome = outcomes.get(save)!;
        const slugs = await searchFinds(save.marker);
        let rowsWithMarker: boolean;
        let searchHasMarker: boolean;
        if (save.kind === 'page-create') {
          const page = await reader.get(`/api/v1/pages/by-slug/kill-${save.marker}`);
          expect([200, 404]).toContain(page.status);
          rowsWithMarker = page.status === 200;
          searchHasMarker = slugs.includes(`kill-${save.marker}`);
        } else {
          const holding = blocksOf
            .get(save.pageId)!
            .filter((block) => block.block_data.heading === `Heading ${save.marker}`);
          expect(holding.length).toBeLessThanOrEqual(1);
          // The heading and the body of one block are one row: both or neither.
          for (const block of holding) expect(block.block_data.content).toContain(save.marker);
          if (save.kind === 'block-save') {
            expect(holding.every((block) => block.id === save.blockId)).toBe(true);
          }
          rowsWithMarker = holding.length === 1;
          const base = pages.find(({ page }) => page.id === save.pageId)!;
          searchHasMarker = slugs.includes(base.page.slug);
          // The same transaction touched the page row. (Not compared with the block's own time:
          // concurrent saves of one page may commit their page timestamps out of order.)
          if (rowsWithMarker) {
            expect(Date.parse(pageRows.get(save.pageId)!.updated_at)).toBeGreaterThanOrEqual(burstStartedAt);
          }
        }
        report.push(`${save.kind} ${save.marker} ${outcome}: rows=${rowsWithMarker} search=${searchHasMarker}`);
        // A created page is published in the transaction that creates it, search row included: all
        // or nothing. Block saves change the draft, which search never sees (decision 30).
        if (save.kind === 'page-create') expect(searchHasMarker, report.at(-1)).toBe(rowsWithMarker);
        else expect(searchHasMarker, report.at(-1)).toBe(false);
        // Durability: an answered save survived the kill; a save never sent left no trace.
        if (outcome === 'answered-2xx') expect(rowsWithMarker, report.at(-1)).toBe(true);
        if (outcome === 'never-sent') expect(rowsWithMarker, report.at(-1)).toBe(false);
        if (rowsWithMarker) present += 1;
      }
      const answered2xx = [...outcomes.values()].filter((outcome) => outcome === 'answered-2xx').length;
      expect(answered2xx).toBeGreaterThanOrEqual(answeredBeforeKill);
      expect(present).toBeGreaterThanOrEqual(answered2xx);
      expect(present).toBeLessThanOrEqual(answered2xx + inFlightAtKill);

      // The restarted server publishes what the draft holds, and the public site shows it.
      const sample = pages[0]!;
      const published = await reader.request('POST', `/api/v1/pages/${sample.page.id}/publish`, {
        body: { version: pageRows.get(sample.page.id)!.version },
      });
      expect(published.status).toBe(200);
      const html = await (await fetch(`${second.url}/${sample.page.slug}`)).text();
      for (const block of blocksOf.get(sample.page.id)!) expect(html).toContain(block.block_data.heading);
      expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
      expect(pageRows.size).toBe(basePages);

      // Opening the folder after the crash logged no errors (recovery is silent when it works).
      expect(second.output()).not.toMatch(/"level":(50|60)/);
    },
  );
});
