import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/http/error-responses';
import {
  auditActionGroups,
  listAuditActors,
  listAuditEntries,
  registerAuditRetention,
} from './audit-log.service.server';
import { auditActionGroupsSchema, auditActorsSchema, auditListSchema } from './audit.dto';

const admin = { access: 'admin' } as const;

/**
 * The audit log (decision 40), for admins: read and filter only. Nothing here changes an entry;
 * the database refuses that anyway. The daily retention job is registered here too.
 */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requireRole('admin');
  registerAuditRetention(app);

  // Who did what is not for any cache.
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/v1/audit',
    {
      config: admin,
      preHandler: guard,
      schema: {
        tags: ['audit'],
        summary: 'Audit log entries, newest first, filtered by person, action and time',
        querystring: z.object({
          actor: z.string().max(100).optional().describe('A user id: what they did, in the browser or with a token'),
          action: z
            .string()
            .max(100)
            .optional()
            .describe("One action (e.g. page.published), or an area's prefix ending in a dot (e.g. page.)"),
          since: z
            .string()
            .max(100)
            .optional()
            .describe('ISO 8601 date and time with its zone; entries at or after it'),
          until: z.string().max(100).optional().describe('ISO 8601 date and time with its zone; entries before it'),
          cursor: z.string().max(300).optional().describe('next_cursor of the previous page'),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: { 200: auditListSchema, ...errorResponses },
      },
    },
    async (request) => listAuditEntries(app.db, request.query),
  );

  app.get(
    '/api/v1/audit/actors',
    {
      config: admin,
      preHandler: guard,
      schema: {
        tags: ['audit'],
        summary: 'The people who appear in the audit log as the one who acted, for the person filter',
        response: { 200: auditActorsSchema, ...errorResponses },
      },
    },
    async () => listAuditActors(app.db),
  );

  app.get(
    '/api/v1/audit/actions',
    {
      config: admin,
      preHandler: guard,
      schema: {
        tags: ['audit'],
        summary: 'Every action the audit log records, with its label, grouped by area',
        response: { 200: auditActionGroupsSchema, ...errorResponses },
      },
    },
    async () => auditActionGroups(),
  );
};
