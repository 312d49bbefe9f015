import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/http/error-responses';
import { locales } from '../../shared/lib/locale';
import { menuTypes, navigationNodeSchema } from './navigation.dto';
import { buildNavigationTree, listNavigationItems } from './navigation.repo.server';

export const navigationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/navigation',
    {
      config: { access: 'public' },
      schema: {
        tags: ['navigation'],
        summary: 'The active items of one menu as a tree, ordered by display_order, with their image',
        querystring: z.object({
          menu: z.enum(menuTypes).default('header'),
          locale: z.enum(locales).default('en').describe("The menu's language (decision 44)"),
        }),
        response: { 200: z.object({ items: z.array(navigationNodeSchema) }), ...errorResponses },
      },
    },
    async (request) => {
      const rows = await listNavigationItems(app.db, request.query.menu, {
        activeOnly: true,
        locale: request.query.locale,
      });
      return { items: buildNavigationTree(rows) };
    },
  );
};
