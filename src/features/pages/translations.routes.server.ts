import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/http/error-responses';
import { locales } from '../../shared/lib/locale';
import { originOf } from '../publishing/page-events.server';
import { actorOf } from '../publishing/publishing.service.server';
import { pageDtoSchema } from './pages.dto';
import { createTranslation, editorPageDto } from './translations.service.server';

export const translationRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requireRole('editor');

  app.post(
    '/api/v1/pages/:id/translations',
    {
      config: { access: 'editor' },
      preHandler: guard,
      schema: {
        tags: ['pages'],
        summary:
          "Start a page's translation (decision 44): a draft in that language linked to the English page, copied from its draft (fields and blocks)",
        params: z.object({ id: z.uuid() }),
        body: z.object({ locale: z.enum(locales).describe("The translation's language ('es')") }),
        response: {
          201: z.object({ page: pageDtoSchema }),
          ...errorResponses,
          409: errorResponses[400],
        },
      },
    },
    async (request, reply) => {
      const row = await createTranslation(app.db, request.params.id, request.body.locale, {
        actor: actorOf(request.viewer?.user),
        origin: originOf(request),
      });
      // The English page's cached copies must learn of the new translation (their language switch).
      app.contentChanged({ pageId: request.params.id });
      void reply.status(201);
      return { page: await editorPageDto(app.db, row) };
    },
  );
};
