import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isValidMediaKey } from './storage.server';

const oneYear = 60 * 60 * 24 * 365;

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/*',
    {
      config: { access: 'public' },
      schema: {
        tags: ['media'],
        summary: 'A stored image file (names are unique, so responses are immutable)',
        params: z.object({ '*': z.string() }),
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      const object = isValidMediaKey(key) ? await app.media.get(key) : undefined;
      if (!object) {
        void reply.status(404);
        return { error: { code: 'not_found', message: 'That image does not exist.' } };
      }
      void reply
        .header('content-type', object.contentType)
        .header('content-length', object.size)
        .header('cache-control', `public, max-age=${oneYear}, immutable`)
        .header('x-content-type-options', 'nosniff');
      return object.body;
    },
  );
};
