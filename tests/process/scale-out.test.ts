import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../helpers/auth';
import { createPostgresDatabase, postgresAdminUrl } from '../helpers/test-database';
import { freePort, spawnServer, waitForHealthy, type ServerProcess } from '../helpers/server-process';

const admin = { email: 'scale-admin@example.com', password: 'scale-admin-password' };
const cleanups: Array<() => Promise<void>> = [];
let a: ServerProcess;
let b: ServerProcess;

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.runIf(postgresAdminUrl())('two instances on one PostgreSQL', () => {
  beforeAll(async () => {
    const database = await createPostgresDatabase();
    cleanups.push(database.drop);
    const servers: ServerProcess[] = [];
    for (let index = 0; index < 2; index++) {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'cenote-scale-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      servers.push(
        spawnServer({
          PORT: freePort(),
          DATA_DIR: dataDir,
          DATABASE_URL: database.url,
          ADMIN_EMAIL: admin.email,
          ADMIN_PASSWORD: admin.password,
        }),
      );
    }
    cleanups.push(async () => {
      for (const server of servers) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    });
    await Promise.all(servers.map((server) => waitForHealthy(server, 90_000)));
    [a, b] = servers as [ServerProcess, ServerProcess];
  });

  it('a session made on A works on B', async () => {
    const client = new ApiClient(a.url);
    expect((await client.signIn(admin.email, admin.password)).status).toBe(200);
    const onB = await fetch(`${b.url}/api/v1/auth/session`, { headers: { cookie: client.cookieHeader() } });
    const body = (await onB.json()) as { user: { email: string } | null };
    expect(body.user?.email).toBe(admin.email);
  });

  it("an edit through A is on B's next response (B's cached page is invalidated)", async () => {
    await (await fetch(`${b.url}/cenote-el-pit`)).text();
    const cached = await fetch(`${b.url}/cenote-el-pit`);
    expect(cached.headers.get('x-cache')).toBe('HIT');
    await cached.text();

    const client = new ApiClient(a.url);
    await client.signIn(admin.email, admin.password);
    const page = await client.get<{ page: { id: string } }>('/api/v1/pages/by-slug/cenote-el-pit');
    const blocks = await client.get<{
      blocks: Array<{ id: string; version: number; block_type: string; block_data: Record<string, unknown> }>;
    }>(`/api/v1/pages/${page.body.page.id}/blocks`);
    const hero = blocks.body.blocks.find((block) => block.block_type === 'hero')!;
    const saved = await client.request('PATCH', `/api/v1/blocks/${hero.id}`, {
      body: { version: hero.version, block_data: { ...hero.block_data, title: 'Edited on instance A' } },
    });
    expect(saved.status).toBe(200);

    // NOTIFY reaches B asynchronously: its very next requests must not serve the old page for long.
    let html = '';
    for (let attempt = 0; attempt < 20 && !html.includes('Edited on instance A'); attempt++) {
      html = await (await fetch(`${b.url}/cenote-el-pit`)).text();
      if (!html.includes('Edited on instance A')) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(html).toContain('Edited on instance A');
  });

  it('rate limits are shared: attempts on A count on B', async () => {
    const email = 'nobody-here@example.com';
    const client = new ApiClient(a.url);
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await client.signIn(email, 'wrong-password')).status).toBe(401);
    }
    const onB = new ApiClient(b.url);
    const limited = await onB.signIn(email, 'wrong-password');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
