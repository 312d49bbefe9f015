import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { performanceSettings, seoSettings } from '../../src/features/settings/settings.table';
import type { ContentChange } from '../../src/platform/content-events.server';
import { ApiClient, signedInClient, type ErrorBody } from '../helpers/auth';
import { startTestApp, type TestApp } from '../helpers/build-app';

interface SeoRecord {
  site_title: string;
  site_description: string;
  default_og_image: string | null;
  google_analytics_id: string | null;
  google_tag_manager_id: string | null;
  twitter_handle: string | null;
  facebook_page: string | null;
  instagram_url: string | null;
  youtube_url: string | null;
  version: number;
  updated_at: string | null;
}
interface PerformanceRecord {
  enable_caching: boolean;
  cache_duration: number;
  enable_webp: boolean;
  enable_avif: boolean;
  image_quality: number;
  lazy_loading: boolean;
  version: number;
  updated_at: string | null;
}

let server: TestApp;
let admin: ApiClient;

beforeAll(async () => {
  server = await startTestApp({ seed: false });
  admin = await signedInClient(server, 'admin');
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  await server.app.db.delete(seoSettings);
  await server.app.db.delete(performanceSettings);
});

const seo = {
  site_title: 'Cenote Atlas',
  site_description: 'Diving the cenotes of the Yucatán.',
  default_og_image: '/media/seed/og-default.jpg',
  google_analytics_id: 'G-ABC123XYZ9',
  google_tag_manager_id: 'GTM-5XKQ2P',
  twitter_handle: '@cenoteatlas',
  facebook_page: 'https://www.facebook.com/cenoteatlas',
  instagram_url: 'https://instagram.com/cenoteatlas',
  youtube_url: 'https://www.youtube.com/@cenoteatlas',
};
const performance = {
  enable_caching: true,
  cache_duration: 3600,
  enable_webp: true,
  enable_avif: false,
  image_quality: 80,
  lazy_loading: true,
};

const putSeo = (body: Record<string, unknown>) =>
  admin.request<{ settings: SeoRecord } & ErrorBody>('PUT', '/api/v1/settings/seo', { body });
const putPerformance = (body: Record<string, unknown>) =>
  admin.request<{ settings: PerformanceRecord } & ErrorBody>('PUT', '/api/v1/settings/performance', { body });

describe('SEO settings', () => {
  it('shows the defaults with version 0 before the first save', async () => {
    const response = await admin.get<{ settings: SeoRecord }>('/api/v1/settings/seo/admin');
    expect(response.status).toBe(200);
    expect(response.body.settings).toMatchObject({
      site_title: 'Cenote Atlas',
      site_description: '',
      default_og_image: null,
      version: 0,
      updated_at: null,
    });
  });

  it('creates the record on the first save, then updates it, and the public GET follows', async () => {
    const first = await putSeo(seo);
    expect(first.status).toBe(200);
    expect(first.body.settings).toMatchObject({ ...seo, twitter_handle: 'cenoteatlas', version: 1 });
    const read = await admin.get<{ settings: SeoRecord }>('/api/v1/settings/seo/admin');
    expect(read.body.settings).toEqual(first.body.settings);

    const second = await putSeo({
      ...seo,
      version: 1,
      site_title: 'Cenote Atlas Guide',
      instagram_url: '',
      youtube_url: null,
    });
    expect(second.status).toBe(200);
    expect(second.body.settings).toMatchObject({
      site_title: 'Cenote Atlas Guide',
      instagram_url: null,
      youtube_url: null,
      version: 2,
    });
    const rows = await server.app.db.select().from(seoSettings);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: 1, version: 2, twitter_handle: 'cenoteatlas' });

    const visitor = await new ApiClient(server.url).get<{ settings: Record<string, unknown> }>('/api/v1/settings/seo');
    expect(visitor.status).toBe(200);
    expect(visitor.body.settings).toMatchObject({ site_title: 'Cenote Atlas Guide', instagram_url: null });
    expect(visitor.body.settings).not.toHaveProperty('version');
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    expect((await putSeo(seo)).status).toBe(200);
    expect((await putSeo({ ...seo, version: 1, site_title: 'First editor' })).status).toBe(200);
    for (const stale of [{ version: 1 }, { version: 0 }, {}]) {
      const response = await putSeo({ ...seo, ...stale, site_title: 'Second editor' });
      expect(response.status, JSON.stringify(stale)).toBe(409);
      expect(response.body.error).toEqual({
        code: 'version_conflict',
        message: 'This was changed by someone else. Reload to see their changes.',
      });
    }
    const [row] = await server.app.db.select().from(seoSettings);
    expect(row).toMatchObject({ site_title: 'First editor', version: 2 });
  });

  it('refuses a version when no record exists yet (someone else deleted or never saved it)', async () => {
    const response = await putSeo({ ...seo, version: 3 });
    expect(response.status).toBe(409);
    expect(await server.app.db.select().from(seoSettings)).toEqual([]);
  });

  it('two first saves at once: one wins, the other gets 409', async () => {
    const [a, b] = await Promise.all([putSeo({ ...seo, site_title: 'A' }), putSeo({ ...seo, site_title: 'B' })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const rows = await server.app.db.select().from(seoSettings);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.version).toBe(1);
  });

  it.each([
    ['site_title', '', 'Enter a site title.'],
    ['site_title', 'x'.repeat(121), 'A site title can be at most 120 characters.'],
    ['site_description', 'x'.repeat(301), 'A site description can be at most 300 characters.'],
    ['default_og_image', 'javascript:alert(1)', /media library/],
    ['default_og_image', '//evil.example/og.jpg', /media library/],
    ['google_analytics_id', 'UA-1234-5', /G-XXXXXXXXXX/],
    ['google_tag_manager_id', 'GTM-1', /GTM-XXXXXXX/],
    ['twitter_handle', '@much_too_long_handle', /15 letters/],
    ['facebook_page', 'https://evil.example/facebook.com/x', /facebook\.com/],
    ['instagram_url', 'http://instagram.com/x', /instagram\.com/],
    ['youtube_url', 'https://youtube.com.evil.example/x', /youtube\.com/],
  ])('refuses a bad %s (%s) naming the field', async (field, value, message) => {
    const response = await putSeo({ ...seo, [field]: value });
    expect(response.status).toBe(400);
    expect(response.body.error.field).toBe(field);
    expect(response.body.error.code).toBe('invalid_input');
    if (typeof message === 'string') expect(response.body.error.message).toBe(message);
    else expect(response.body.error.message).toMatch(message);
    expect(await server.app.db.select().from(seoSettings)).toEqual([]);
  });

  it('requires the site title', async () => {
    const { site_title: _omitted, ...rest } = seo;
    const response = await putSeo(rest);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ field: 'site_title', message: 'Enter a site title.' });
  });

  it('accepts the minimal form: empty optional fields are stored as null', async () => {
    const response = await putSeo({
      site_title: 'Cenote Atlas',
      site_description: '',
      default_og_image: '',
      google_analytics_id: '',
      google_tag_manager_id: '',
      twitter_handle: '',
      facebook_page: '',
      instagram_url: '',
      youtube_url: '',
    });
    expect(response.status).toBe(200);
    expect(response.body.settings).toMatchObject({
      default_og_image: null,
      google_analytics_id: null,
      google_tag_manager_id: null,
      twitter_handle: null,
      facebook_page: null,
      instagram_url: null,
      youtube_url: null,
    });
  });
});

describe('performance settings', () => {
  it('shows the spec defaults with version 0 before the first save', async () => {
    const response = await admin.get<{ settings: PerformanceRecord }>('/api/v1/settings/performance');
    expect(response.status).toBe(200);
    expect(response.body.settings).toEqual({
      enable_caching: true,
      cache_duration: 86400,
      enable_webp: true,
      enable_avif: true,
      image_quality: 85,
      lazy_loading: true,
      page_weight_budget_kb: 1500,
      version: 0,
      updated_at: null,
    });
  });

  it('saves, then updates with the version', async () => {
    const first = await putPerformance(performance);
    expect(first.status).toBe(200);
    expect(first.body.settings).toMatchObject({ ...performance, version: 1 });
    const second = await putPerformance({ ...performance, version: 1, enable_caching: false });
    expect(second.body.settings).toMatchObject({ enable_caching: false, version: 2 });
    const read = await admin.get<{ settings: PerformanceRecord }>('/api/v1/settings/performance');
    expect(read.body.settings).toEqual(second.body.settings);
  });

  it.each([
    [{ cache_duration: 10 }, { cache_duration: 60 }],
    [{ cache_duration: 9_999_999 }, { cache_duration: 604800 }],
    [{ cache_duration: '7200' }, { cache_duration: 7200 }],
    [{ cache_duration: 'one day' }, { cache_duration: 86400 }],
    [{ cache_duration: '' }, { cache_duration: 86400 }],
    [{ cache_duration: null }, { cache_duration: 86400 }],
    [{ image_quality: 0 }, { image_quality: 1 }],
    [{ image_quality: 500 }, { image_quality: 100 }],
    [{ image_quality: '70' }, { image_quality: 70 }],
    [{ image_quality: 'best' }, { image_quality: 85 }],
    [{ image_quality: 72.4 }, { image_quality: 72 }],
    [{ page_weight_budget_kb: 20 }, { page_weight_budget_kb: 100 }],
    [{ page_weight_budget_kb: 50_000 }, { page_weight_budget_kb: 20000 }],
    [{ page_weight_budget_kb: '800' }, { page_weight_budget_kb: 800 }],
    [{ page_weight_budget_kb: 'light' }, { page_weight_budget_kb: 1500 }],
  ])('clamps %o to %o', async (input, stored) => {
    const response = await putPerformance({ ...performance, ...input });
    expect(response.status).toBe(200);
    expect(response.body.settings).toMatchObject(stored);
    const [row] = await server.app.db.select().from(performanceSettings);
    expect(row).toMatchObject(stored);
  });

  it('uses the defaults when the numbers are missing', async () => {
    const { cache_duration: _c, image_quality: _q, ...flags } = performance;
    const response = await putPerformance(flags);
    expect(response.body.settings).toMatchObject({
      cache_duration: 86400,
      image_quality: 85,
      page_weight_budget_kb: 1500,
    });
  });

  it('requires the switches', async () => {
    const response = await putPerformance({ ...performance, lazy_loading: 'sometimes' });
    expect(response.status).toBe(400);
    expect(response.body.error.field).toBe('lazy_loading');
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    expect((await putPerformance(performance)).status).toBe(200);
    expect((await putPerformance({ ...performance, version: 1, image_quality: 60 })).status).toBe(200);
    const stale = await putPerformance({ ...performance, version: 1, image_quality: 90 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('version_conflict');
    const missing = await putPerformance({ ...performance, image_quality: 90 });
    expect(missing.status).toBe(409);
    const [row] = await server.app.db.select().from(performanceSettings);
    expect(row).toMatchObject({ image_quality: 60, version: 2 });
  });
});

describe('site-wide change events', () => {
  it('announces every committed settings save, and none for refused ones', async () => {
    const seen: ContentChange[] = [];
    const listener = (change: ContentChange) => void seen.push(change);
    server.app.contentEvents.on('change', listener);
    try {
      await putSeo(seo);
      await putSeo({ ...seo, version: 9 });
      await putPerformance(performance);
      await putPerformance({ ...performance, enable_webp: 'maybe' });
    } finally {
      server.app.contentEvents.off('change', listener);
    }
    expect(seen).toEqual([{ scope: 'site' }, { scope: 'site' }]);
  });
});

describe('access', () => {
  const routes: Array<[string, string, unknown]> = [
    ['GET', '/api/v1/settings/seo/admin', undefined],
    ['PUT', '/api/v1/settings/seo', seo],
    ['GET', '/api/v1/settings/performance', undefined],
    ['PUT', '/api/v1/settings/performance', performance],
  ];

  it('answers 401 to anonymous callers, 403 to viewers and editors (admin only)', async () => {
    const anonymous = new ApiClient(server.url);
    const viewer = await signedInClient(server, 'viewer');
    const editor = await signedInClient(server, 'editor');
    for (const [method, route, body] of routes) {
      const options = body === undefined ? {} : { body };
      expect((await anonymous.request(method, route, options)).status, `${method} ${route}`).toBe(401);
      expect((await viewer.request(method, route, options)).status, `${method} ${route}`).toBe(403);
      expect((await editor.request(method, route, options)).status, `${method} ${route}`).toBe(403);
    }
    expect(await server.app.db.select().from(seoSettings)).toEqual([]);
    expect(await server.app.db.select().from(performanceSettings)).toEqual([]);
  });

  it('keeps GET /api/v1/settings/seo public', async () => {
    const response = await new ApiClient(server.url).get<{ settings: SeoRecord }>('/api/v1/settings/seo');
    expect(response.status).toBe(200);
    expect(response.body.settings.site_title).toBe('Cenote Atlas');
  });
});
