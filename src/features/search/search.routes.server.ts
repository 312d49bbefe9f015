import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/http/error-responses';
import { locales } from '../../shared/lib/locale';
import { maxQueryLength } from './search-text';
import { defaultSearchLimit, maxSearchLimit, searchPages } from './search.service.server';

export const searchResultSchema = z.object({
  slug: z.string(),
  path: z.string().describe("The page's public path ('/es/…' for Spanish pages)"),
  title: z.string(),
  excerpt: z.string(),
  snippet: z
    .string()
    .describe('Up to ~30 words of the page text around the match, as safe HTML: escaped text with <mark> tags only'),
});

export type SearchResultDto = z.output<typeof searchResultSchema>;

export const searchQuerySchema = z.object({
  q: z
    .string()
    .max(maxQueryLength, { message: `A search can be at most ${maxQueryLength} characters` })
    .default('')
    .describe('What the visitor typed; every word matches as a prefix. Empty finds nothing.'),
  limit: z.coerce.number().int().min(1).max(maxSearchLimit).default(defaultSearchLimit),
  locale: z
    .enum(locales)
    .default('en')
    .describe("The pages of one language (decision 44): 'es' searches the Spanish pages with Spanish stemming"),
});

/** Suggestions repeat a lot ('d', 'do', 'dos'…): answers are kept until the next content change. */
const resultCacheSize = 500;

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const resultCache = new Map<string, SearchResultDto[]>();
  app.contentEvents.on('invalidate', () => resultCache.clear());

  app.get(
    '/api/v1/search',
    {
      config: { access: 'public' },
      schema: {
        tags: ['search'],
        summary: 'Search published pages (titles, excerpts, block text) as you type, best match first',
        querystring: searchQuerySchema,
        response: { 200: z.object({ results: z.array(searchResultSchema) }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const key = `${request.query.locale}|${request.query.limit}|${request.query.q.trim().toLowerCase().replace(/\s+/g, ' ')}`;
      let results = resultCache.get(key);
      if (!results) {
        results = await searchPages(app.db, request.query.q, request.query.limit, request.query.locale);
        if (resultCache.size >= resultCacheSize) resultCache.delete(resultCache.keys().next().value ?? '');
        resultCache.set(key, results);
      }
      void reply.header('cache-control', 'public, max-age=60');
      return { results };
    },
  );
};
