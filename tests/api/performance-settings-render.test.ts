import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/build-app';
import { signedInClient, type ApiClient } from '../helpers/auth';

let server: TestApp;
let admin: ApiClient;

beforeAll(async () => {
  server = await startTestApp();
  admin = await signedInClient(server, 'admin');
});
afterAll(async () => {
  await server.close();
});

async function savePerformance(changes: Record<string, unknown>) {
  const current = await admin.get<{ settings: Record<string, unknown> & { version: number } }>(
    '/api/v1/settings/performance',
  );
  const saved = await admin.request('PUT', '/api/v1/settings/performance', {
    body: { ...current.body.settings, ...changes },
  });
  expect(saved.status).toBe(200);
}

const page = async (path: string) => {
  const response = await fetch(`${server.url}${path}`);
  return { headers: response.headers, html: await response.text() };
};

describe('performance settings drive the next render', () => {
  it('cache duration stays on the server: browsers get no-cache, no max-age (decision 43)', async () => {
    await savePerformance({ cache_duration: 600 });
    const { headers } = await page('/cenote-chac-mool');
    expect(headers.get('x-cache')).toBe('MISS');
    expect(headers.get('cache-control')).toBe('no-cache');
  });

  it('turning AVIF and WebP off removes those sources from the image markup', async () => {
    expect((await page('/cenote-chac-mool')).html).toContain('type="image/avif"');
    await savePerformance({ enable_avif: false });
    const withoutAvif = (await page('/cenote-chac-mool')).html;
    expect(withoutAvif).not.toContain('type="image/avif"');
    expect(withoutAvif).toContain('type="image/webp"');
    await savePerformance({ enable_webp: false });
    const plain = (await page('/cenote-chac-mool')).html;
    expect(plain).not.toContain('type="image/webp"');
    expect(plain).toMatch(/<img [^>]*src="\/media\/seed\/cenote-chac-mool\.jpg"/);
  });

  it('turning lazy loading off loads every image eagerly', async () => {
    expect((await page('/safety-guidelines')).html).toMatch(/<img [^>]*loading="lazy"/);
    await savePerformance({ lazy_loading: false });
    const eager = (await page('/safety-guidelines')).html;
    expect(eager).not.toContain('loading="lazy"');
    expect(eager).toMatch(/<img [^>]*loading="eager"/);
  });
});
