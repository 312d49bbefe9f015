import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/http/error-responses';
import { publicSeoSettingsSchema } from './settings.dto';
import { readPublicSeoSettings } from './settings.repo.server';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/settings/seo',
    {
      config: { access: 'public' },
      schema: {
        tags: ['settings'],
        summary: 'Site-wide SEO settings (public fields)',
        response: { 200: z.object({ settings: publicSeoSettingsSchema }), ...errorResponses },
      },
    },
    async () => ({ settings: await readPublicSeoSettings(app.db) }),
  );
};
