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

const csp = (response: Response) => response.headers.get('content-security-policy') ?? '';

describe('security headers on every response type', () => {
  it.each([
    '/',
    '/cenote-angelita',
    '/no-such-page',
    '/auth',
    '/api/v1/pages',
    '/api/health',
    '/media/seed/cenote-angelita.jpg',
    '/robots.txt',
  ])('%s: CSP without inline scripts, no framing, nosniff, referrer policy', async (path) => {
    const response = await fetch(`${server.url}${path}`);
    await response.arrayBuffer();
    expect(csp(response)).toContain("script-src 'self'");
    expect(csp(response)).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp(response)).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('adds analytics scripts and exactly their hosts to the CSP only when an ID is set', async () => {
    const before = await fetch(`${server.url}/`);
    expect(await before.text()).not.toContain('googletagmanager');
    expect(csp(before)).not.toContain('googletagmanager');

    const current = await admin.get<{ settings: Record<string, unknown> & { version: number } }>(
      '/api/v1/settings/seo/admin',
    );
    const saved = await admin.request('PUT', '/api/v1/settings/seo', {
      body: { ...current.body.settings, google_analytics_id: 'G-ABC123XYZ' },
    });
    expect(saved.status).toBe(200);
    const after = await fetch(`${server.url}/`);
    const html = await after.text();
    expect(html).toContain('<script async src="https://www.googletagmanager.com/gtag/js?id=G-ABC123XYZ"></script>');
    expect(html).toContain('<script defer src="/analytics.js"></script>');
    expect(csp(after)).toMatch(/script-src 'self' https:\/\/www\.googletagmanager\.com;/);
    const script = await fetch(`${server.url}/analytics.js`);
    expect(await script.text()).toContain(`gtag('config', "G-ABC123XYZ");`);
  });
});

describe('HSTS', () => {
  it('is sent when the site is served over https', async () => {
    const https = await startTestApp({ seed: false, env: { PUBLIC_URL: 'https://cenoteatlas.test' } });
    try {
      const response = await fetch(`${https.url}/api/health`);
      expect(response.headers.get('strict-transport-security')).toContain('max-age=31536000');
    } finally {
      await https.close();
    }
  });
});
