import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../server/plugins/openapi.server';
import { performanceSettingsRecordSchema, seoSettingsRecordSchema } from './settings.dto';
import {
  readPerformanceSettingsRecord,
  readSeoSettingsRecord,
  savePerformanceSettings,
  saveSeoSettings,
} from './settings.service.server';

const admin = { access: 'admin' } as const;
const writeErrors = { ...errorResponses, 409: errorResponses[400] };

/*
 * The bodies below describe the wire types only. The rules (lengths, ID formats, allowed hosts,
 * clamping) live in settings.schema.ts, shared with the admin forms; the service applies them so a
 * refusal is one clear sentence with the field.
 */
const text = z.string().max(10_000);
const version = z
  .number()
  .int()
  .min(0)
  .optional()
  .describe('The version you read (0 or absent when nothing was saved yet); a stale one gets 409 version_conflict');
const seoBody = z.object({
  version,
  site_title: text.optional().describe('1 to 120 characters'),
  site_description: text.nullish().describe('At most 300 characters'),
  default_og_image: text.nullish().describe("A '/media/…' address or an https:// address; empty for none"),
  google_analytics_id: text.nullish().describe('Like G-XXXXXXXXXX; empty for none'),
  google_tag_manager_id: text.nullish().describe('Like GTM-XXXXXXX; empty for none'),
  twitter_handle: text.nullish().describe('Like @cenoteatlas (stored without the @); empty for none'),
  facebook_page: text.nullish().describe('https://facebook.com/… (www. allowed); empty for none'),
  instagram_url: text.nullish().describe('https://instagram.com/… (www. allowed); empty for none'),
  youtube_url: text.nullish().describe('https://youtube.com/… (www. allowed); empty for none'),
});
const numberish = z
  .union([z.number(), z.string().max(100), z.null()])
  .optional()
  .describe('A number or numeric text; clamped into the range, the default when not a number');
const performanceBody = z.object({
  version,
  enable_caching: z.boolean(),
  cache_duration: numberish.describe('Seconds, clamped to 60..604800; 86400 when not a number'),
  enable_webp: z.boolean(),
  enable_avif: z.boolean(),
  image_quality: numberish.describe('Clamped to 1..100; 85 when not a number'),
  lazy_loading: z.boolean(),
});

export const settingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requireRole('admin');

  app.get(
    '/api/v1/settings/seo/admin',
    {
      config: admin,
      preHandler: guard,
      schema: {
        tags: ['settings'],
        summary: 'The whole SEO record with its version, for the SEO Settings form',
        response: { 200: z.object({ settings: seoSettingsRecordSchema }), ...errorResponses },
      },
    },
    async () => ({ settings: await readSeoSettingsRecord(app.db) }),
  );

  app.put(
    '/api/v1/settings/seo',
    {
      config: admin,
      preHandler: guard,
      schema: {
        tags: ['settings'],
        summary: 'Save the SEO settings (update the record, or create it on the first save)',
        body: seoBody,
        response: { 200: z.object({ settings: seoSettingsRecordSchema }), ...writeErrors },
      },
    },
    async (request) => {
      const settings = await saveSeoSettings(app.db, request.body);
      app.contentChanged({ scope: 'site' });
      return { settings };
    },
  );

  app.get(
    '/api/v1/settings/performance',
    {
      config: admin,
      preHandler: guard,
      schema: {
        tags: ['settings'],
        summary: 'The performance settings with their version (the defaults when none were saved)',
        response: { 200: z.object({ settings: performanceSettingsRecordSchema }), ...errorResponses },
      },
    },
    async () => ({ settings: await readPerformanceSettingsRecord(app.db) }),
  );

  app.put(
    '/api/v1/settings/performance',
    {
      config: admin,
      preHandler: guard,
      schema: {
        tags: ['settings'],
        summary: 'Save the performance settings (numbers are clamped into their ranges)',
        body: performanceBody,
        response: { 200: z.object({ settings: performanceSettingsRecordSchema }), ...writeErrors },
      },
    },
    async (request) => {
      const settings = await savePerformanceSettings(app.db, request.body);
      app.contentChanged({ scope: 'site' });
      return { settings };
    },
  );
};
