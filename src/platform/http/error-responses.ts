/**
 * The error body every API route answers with, and the route option naming error statuses beyond
 * the usual ones. They sit here, below the features, because every feature's routes spread them
 * into their response maps; the OpenAPI document (src/server/openapi.server.ts) reads them back.
 */
import { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Error statuses the route answers beyond what its method, access and URL imply, e.g. 404 for
     * an id in the body (`errorStatusesFor` documents the rest).
     */
    alsoAnswers?: readonly number[];
  }
}

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string().describe('Stable machine-readable code, e.g. slug_taken, version_conflict'),
    message: z.string().describe('A sentence a person can act on'),
    field: z.string().optional().describe('The input field at fault, for validation errors'),
  }),
});

/**
 * The error bodies a route's `response` map spreads, so refusals are serialized as `Error`. Which
 * statuses the OpenAPI document lists for a route is decided there (`errorStatusesFor`).
 */
export const errorResponses = {
  400: errorBodySchema,
  404: errorBodySchema,
  500: errorBodySchema,
  503: errorBodySchema,
} as const;
