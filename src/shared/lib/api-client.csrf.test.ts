import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** One request as the client sent it. */
interface Sent {
  method: string;
  path: string;
  token: string | undefined;
}

type Answer = (sent: Sent) => Response;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const csrfFailed = () =>
  json(403, { error: { code: 'csrf_failed', message: 'This request did not come from the Cenote Atlas site.' } });

let sent: Sent[];

/** A fake server: answers are taken in order; the module is loaded fresh so its token starts empty. */
async function clientWith(answers: Answer[]) {
  const queue = [...answers];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    const request = { method: init.method ?? 'GET', path, token: headers['x-csrf-token'] };
    sent.push(request);
    const answer = queue.shift();
    if (!answer) throw new Error(`unexpected request ${request.method} ${path}`);
    return answer(request);
  });
  vi.resetModules();
  return import('./api-client');
}

const session = (token: string) => () => json(200, { user: null, csrfToken: token });

beforeEach(() => {
  sent = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the CSRF token in the API client', () => {
  it('fetches the token before the first write and takes the replacement from a sign-in answer', async () => {
    const { api } = await clientWith([
      session('anonymous-token'),
      () => json(200, { user: { id: 'u1' } }, { 'x-csrf-token': 'session-token' }),
      () => json(200, { ok: true }),
    ]);
    await api.post('/api/v1/auth/sign-in', { email: 'a@example.com', password: 'secret' });
    await api.put('/api/v1/settings/seo', { site_title: 'Atlas' });
    expect(sent.map((request) => [request.method, request.path, request.token])).toEqual([
      ['GET', '/api/v1/auth/session', undefined],
      ['POST', '/api/v1/auth/sign-in', 'anonymous-token'],
      ['PUT', '/api/v1/settings/seo', 'session-token'],
    ]);
  });

  it('takes the replacement from a 204 sign-out too', async () => {
    const { api, fetchSession } = await clientWith([
      session('session-token'),
      () => new Response(null, { status: 204, headers: { 'x-csrf-token': 'visitor-token' } }),
      () => json(202, { message: 'ok' }),
    ]);
    await fetchSession();
    await api.post('/api/v1/auth/sign-out');
    await api.post('/api/v1/auth/reset-request', { email: 'a@example.com' });
    expect(sent.at(-1)?.token).toBe('visitor-token');
  });

  it('after csrf_failed (another tab signed in or out), fetches a new token and retries once', async () => {
    const { api, fetchSession } = await clientWith([
      session('old-token'),
      csrfFailed,
      session('new-token'),
      () => json(200, { saved: true }),
    ]);
    await fetchSession();
    expect(await api.patch('/api/v1/blocks/b1', { version: 1 })).toEqual({ saved: true });
    expect(sent.map((request) => [request.method, request.token])).toEqual([
      ['GET', undefined],
      ['PATCH', 'old-token'],
      ['GET', undefined],
      ['PATCH', 'new-token'],
    ]);
  });

  it('retries only once, and never for other refusals', async () => {
    const { api, ApiError, fetchSession } = await clientWith([
      session('token-1'),
      csrfFailed,
      session('token-2'),
      csrfFailed,
      () => json(403, { error: { code: 'forbidden', message: 'Admins only.' } }),
    ]);
    await fetchSession();
    const refused = await api.patch('/api/v1/blocks/b1', { version: 1 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 403, code: 'csrf_failed' });
    const forbidden = await api.delete('/api/v1/pages/p1').catch((error: unknown) => error);
    expect(forbidden).toMatchObject({ status: 403, code: 'forbidden', message: 'Admins only.' });
    expect(sent).toHaveLength(5);
  });
});
