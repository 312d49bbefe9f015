import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/http/error-responses';
import { updateSchemaOf } from '../../shared/lib/update-schema';
import { auditRequest } from '../audit/audit.server';
import { performanceSettingsRecordSchema, seoSettingsRecordSchema } from './settings.dto';
import {
  readPerformanceSettingsRecord,
  readSeoSettingsRecord,
  savePerformanceSettings,
  saveSeoSettings,
  type SettingsChangeHook,
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
/*
 * The first save creates the record from the body (the site title and the switches required).
 * Every later save changes only the fields it names; a field left out keeps its value (decision 45).
 */
const seoFields = z.object({
  site_title: text.describe('1 to 120 characters (required on the first save)'),
  site_description: text.nullable().describe('At most 300 characters'),
  default_og_image: text.nullable().describe("A '/media/…' address or an https:// address; empty for none"),
  google_analytics_id: text.nullable().describe('Like G-XXXXXXXXXX; empty for none'),
  google_tag_manager_id: text.nullable().describe('Like GTM-XXXXXXX; empty for none'),
  twitter_handle: text.nullable().describe('Like @cenoteatlas (stored without the @); empty for none'),
  facebook_page: text.nullable().describe('https://facebook.com/… (www. allowed); empty for none'),
  instagram_url: text.nullable().describe('https://instagram.com/… (www. allowed); empty for none'),
  youtube_url: text.nullable().describe('https://youtube.com/… (www. allowed); empty for none'),
});
const seoBody = updateSchemaOf(seoFields).extend({ version });
const numberish = z
  .union([z.number(), z.string().max(100), z.null()])
  .describe('A number or numeric text; clamped into the range, the default when not a number');
const switchField = z.boolean().describe('Required on the first save');
const performanceFields = z.object({
  enable_caching: switchField,
  cache_duration: numberish.describe('Seconds, clamped to 60..604800; 86400 when not a number'),
  enable_webp: switchField,
  enable_avif: switchField,
  image_quality: numberish.describe('Clamped to 1..100; 85 when not a number'),
  lazy_loading: switchField,
  page_weight_budget_kb: numberish.describe(
    'Kilobytes of HTML plus images as rendered above which the publish check warns; clamped to 100..20000, 1500 when not a number',
  ),
});
const performanceBody = updateSchemaOf(performanceFields).extend({ version });

export const settingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requireRole('admin');
  /** The audit entry of a save that changed something, written in the save's transaction. */
  const auditChange =
    (request: FastifyRequest, id: 'seo' | 'performance', label: string): SettingsChangeHook =>
    (tx, changed) =>
      auditRequest(request, tx, {
        action: 'settings.updated',
        target: { type: 'settings', id, label },
        summary: `Changed ${label}: ${changed.join(', ')}.`,
      });

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
        summary: 'Save the SEO settings: create the record on the first save, then change only the fields sent',
        body: seoBody,
        response: { 200: z.object({ settings: seoSettingsRecordSchema }), ...writeErrors },
      },
    },
    async (request) => {
      const settings = await saveSeoSettings(app.db, request.body, auditChange(request, 'seo', 'SEO settings'));
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
        summary:
          'Save the performance settings (only the fields sent change after the first save; numbers are clamped)',
        body: performanceBody,
        response: { 200: z.object({ settings: performanceSettingsRecordSchema }), ...writeErrors },
      },
    },
    async (request) => {
      const settings = await savePerformanceSettings(
        app.db,
        request.body,
        auditChange(request, 'performance', 'performance settings'),
      );
      app.contentChanged({ scope: 'site' });
      return { settings };
    },
  );
};
