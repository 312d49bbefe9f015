import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/features/auth/auth.dto';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/platform/env.server';
import type { Access, RouteAccess } from '../../src/features/auth/access.server';
import { ApiClient, createUserWithRole, signedInClient, type ErrorBody } from '../helpers/auth';
import { projectRoot, startTestApp, type TestApp } from '../helpers/build-app';

/** Probe routes for the access levels no real route uses yet, so every rule is exercised. */
function probeRoutes(app: FastifyInstance): void {
  for (const access of ['signed-in', 'editor', 'admin'] as const) {
    app.get(`/api/v1/test-only/${access}`, { config: { access } }, async () => ({ ok: true }));
    app.post(`/api/v1/test-only/${access}`, { config: { access } }, async () => ({ ok: true }));
  }
  // The guard a route can also attach itself (the style the content routes use).
  app.delete(
    '/api/v1/test-only/explicit-guard',
    { config: { access: 'admin' }, preHandler: app.requireRole('admin') },
    async () => ({ ok: true }),
  );
}

type Who = 'anonymous' | Role;
const everyone: Who[] = ['anonymous', 'viewer', 'editor', 'admin'];

/** What each access rule promises (the matrix). */
const expected: Record<Access, Record<Who, 'allowed' | 401 | 403>> = {
  public: { anonymous: 'allowed', viewer: 'allowed', editor: 'allowed', admin: 'allowed' },
  'signed-in': { anonymous: 401, viewer: 'allowed', editor: 'allowed', admin: 'allowed' },
  editor: { anonymous: 401, viewer: 403, editor: 'allowed', admin: 'allowed' },
  admin: { anonymous: 401, viewer: 403, editor: 403, admin: 'allowed' },
};

const sampleParams: Record<string, string> = {
  slug: 'home',
  id: '00000000-0000-4000-8000-000000000000',
  key: 'none.jpg',
};

/** A concrete path for a route pattern: `:id` → a uuid, `*` → a name, and so on. */
function concretePath(url: string): string {
  return url.replace(/:(\w+)/g, (_match, name: string) => sampleParams[name] ?? 'x').replace(/\*$/, 'x');
}

let server: TestApp;
const clients = {} as Record<Who, ApiClient>;

beforeAll(async () => {
  server = await startTestApp({ seed: false, extraRoutes: probeRoutes });
  clients.anonymous = new ApiClient(server.url);
  for (const role of ['viewer', 'editor', 'admin'] as const) clients[role] = await signedInClient(server, role);
});
afterAll(async () => {
  await server.close();
});

function apiRoutes(): RouteAccess[] {
  const routes = server.app.routeAccess.filter(
    (route) => /^\/api(\/|$)/.test(route.url) && route.method !== 'HEAD' && route.method !== 'OPTIONS',
  );
  // Sign-out ends the client's session, so it goes last.
  return [...routes].sort(
    (a, b) => Number(a.url === '/api/v1/auth/sign-out') - Number(b.url === '/api/v1/auth/sign-out'),
  );
}

describe('the access matrix, generated from the route table', () => {
  it('knows every API route with its rule', () => {
    const table = apiRoutes().map((route) => `${route.method} ${route.url} ${route.access}`);
    expect(table).toEqual(
      expect.arrayContaining([
        'GET /api/health public',
        'GET /api/v1/auth/session public',
        'POST /api/v1/auth/sign-in public',
        'POST /api/v1/auth/sign-up public',
        'POST /api/v1/auth/reset-request public',
        'POST /api/v1/auth/reset-password public',
        'GET /api/v1/setup public',
        'POST /api/v1/setup public',
        'GET /api/v1/pages public',
        'GET /api/v1/openapi.json public',
        'GET /api/v1/test-only/admin admin',
        'POST /api/v1/test-only/signed-in signed-in',
      ]),
    );
    // Every route of the real router went through the access check.
    for (const route of apiRoutes()) {
      expect(server.app.hasRoute({ method: route.method as 'GET', url: route.url }), route.url).toBe(true);
    }
  });

  it('knows the routes of the second round with the rules of decisions 36–42', () => {
    const table = apiRoutes().map((route) => `${route.method} ${route.url} ${route.access}`);
    expect(table).toEqual(
      expect.arrayContaining([
        // People and invitations (38): admins only; the invitee's own routes are public.
        'GET /api/v1/users admin',
        'PATCH /api/v1/users/:id admin',
        'POST /api/v1/users/:id/sign-out-everywhere admin',
        'GET /api/v1/invitations admin',
        'POST /api/v1/invitations admin',
        'DELETE /api/v1/invitations/:id admin',
        'POST /api/v1/invitations/:id/resend admin',
        'GET /api/v1/auth/invitation public',
        'POST /api/v1/auth/accept-invitation public',
        // Two-factor (39): one's own account; the second sign-in step is public (it needs its cookie).
        'POST /api/v1/auth/2fa/setup signed-in',
        'POST /api/v1/auth/2fa/enable signed-in',
        'POST /api/v1/auth/2fa/disable signed-in',
        'POST /api/v1/auth/2fa/recovery-codes signed-in',
        'POST /api/v1/auth/2fa/verify public',
        'GET /api/v1/settings/security admin',
        'PUT /api/v1/settings/security admin',
        // Audit log (40), API tokens (41), webhooks (42): admins only.
        'GET /api/v1/audit admin',
        'GET /api/v1/audit/actors admin',
        'GET /api/v1/audit/actions admin',
        'GET /api/v1/api-tokens admin',
        'POST /api/v1/api-tokens admin',
        'DELETE /api/v1/api-tokens/:id admin',
        'GET /api/v1/webhooks admin',
        'POST /api/v1/webhooks admin',
        'DELETE /api/v1/webhooks/:id admin',
        'GET /api/v1/webhooks/:id/deliveries admin',
        'POST /api/v1/webhooks/:id/test admin',
        // Links and the publish check (decisions 36–37): editors' work.
        'GET /api/v1/redirects editor',
        'POST /api/v1/redirects editor',
        'PATCH /api/v1/redirects/:id editor',
        'DELETE /api/v1/redirects/:id editor',
        'GET /api/v1/pages/:id/checks editor',
        'POST /api/v1/pages/bulk editor',
        'POST /api/v1/media/bulk-move editor',
        'POST /api/v1/media/bulk-delete editor',
        'GET /api/v1/site-health editor',
        // Settings and backups stay admins' (an editor is refused them: decision 38).
        'PUT /api/v1/settings/seo admin',
        'GET /api/v1/settings/performance admin',
        'GET /api/v1/backup admin',
      ]),
    );
  });

  it('answers every API route for anonymous, viewer, editor and admin as its rule says', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const route of apiRoutes()) {
      for (const who of everyone) {
        const client = clients[who];
        const target = concretePath(route.url);
        const response =
          route.method === 'GET'
            ? await client.get<Partial<ErrorBody>>(target)
            : await client.request<Partial<ErrorBody>>(route.method, target, { body: {} });
        const code = response.body?.error?.code;
        const want = expected[route.access][who];
        const line = `${route.method} ${route.url} (${route.access}) as ${who}: ${response.status} ${code ?? ''}`;
        checked++;
        if (want === 401 && !(response.status === 401 && code === 'unauthenticated')) failures.push(line);
        if (want === 403 && !(response.status === 403 && code === 'forbidden')) failures.push(line);
        if (
          want === 'allowed' &&
          (response.status >= 500 || ['unauthenticated', 'forbidden', 'csrf_failed'].includes(code ?? ''))
        ) {
          failures.push(line);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(20 * everyone.length);
  });

  it('uses the messages of the issue', async () => {
    const anonymous = await new ApiClient(server.url).get<ErrorBody>('/api/v1/test-only/admin');
    expect(anonymous.body.error).toEqual({ code: 'unauthenticated', message: 'Please sign in to continue.' });
    const viewer = await signedInClient(server, 'viewer');
    const refused = await viewer.get<ErrorBody>('/api/v1/test-only/editor');
    expect(refused.body.error).toEqual({ code: 'forbidden', message: "You don't have access to this." });
  });

  it('checks access before the body is parsed or validated', async () => {
    const response = await new ApiClient(server.url).request<ErrorBody>('POST', '/api/v1/test-only/admin', {
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(401);
  });

  it('follows a role change at the next request (roles are read per request)', async () => {
    const { email, password, id } = await createUserWithRole(server, 'viewer');
    const client = new ApiClient(server.url);
    await client.signIn(email, password);
    expect((await client.get('/api/v1/test-only/editor')).status).toBe(403);
    const { setUserRole } = await import('../../src/features/auth/users.service.server');
    await setUserRole(server.app.db, email, 'editor');
    expect((await client.get('/api/v1/test-only/editor')).status).toBe(200);
    expect(id).toBeTruthy();
  });
});

describe('routes without an access rule', () => {
  it('fail the start for /api routes, and are fine elsewhere', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cenote-test-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED: 'false', LOG_LEVEL: 'silent' }, projectRoot);
    const app = await buildApp(config, { logger: false });
    try {
      expect(() => app.get('/api/v1/test-only/no-rule', async () => ({ ok: true }))).toThrow(
        /GET \/api\/v1\/test-only\/no-rule has no access rule/,
      );
      expect(() =>
        app.get('/api/v1/test-only/bad-rule', { config: { access: 'everyone' as Access } }, async () => ({})),
      ).toThrow(/unknown access rule/);
      expect(() => app.get('/not-api/no-rule', async () => ({ ok: true }))).not.toThrow();
      // A feature plugin with an unguarded route makes the start fail.
      await expect(
        app.register(async (child) => {
          child.post('/api/v1/test-only/in-a-plugin', async () => ({ ok: true }));
        }),
      ).rejects.toThrow(/POST \/api\/v1\/test-only\/in-a-plugin has no access rule/);
    } finally {
      await app.close().catch(() => {});
      await app.readiness.promise.catch(() => {});
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
