import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string().describe('Stable machine-readable code, e.g. slug_taken, version_conflict'),
    message: z.string().describe('A sentence a person can act on'),
    field: z.string().optional().describe('The input field at fault, for validation errors'),
  }),
});

/** The error statuses any route may answer with, for the OpenAPI document. */
export const errorResponses = {
  400: errorBodySchema,
  404: errorBodySchema,
  500: errorBodySchema,
  503: errorBodySchema,
} as const;

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Cenote Atlas API',
        description:
          'The JSON API behind the Cenote Atlas site and admin. Errors are `{error: {code, message, field?}}`.',
        version: '1.0.0',
      },
      tags: [
        { name: 'health' },
        { name: 'auth', description: 'Accounts and sessions. Writes need the x-csrf-token header.' },
        { name: 'setup', description: 'Creating the first admin account' },
        { name: 'pages' },
        { name: 'navigation' },
        { name: 'settings' },
        { name: 'media', description: 'Media library: images (uploads, variants, usage, SEO score) and folders' },
        { name: 'search' },
      ],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/v1/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
}
