import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { sessionCookieName } from '../auth/session.plugin.server';
import type { CacheHitLog } from './cache-hit-log.server';
import { ifNoneMatchMatches, negotiateEncoding, type ContentCoding } from './http-caching.server';

/** Answers the request and returns true, or returns false to leave it to Fastify. */
export type CacheHitResponder = (request: IncomingMessage, response: ServerResponse) => boolean;

/** Accept-Encoding values repeat (each browser sends its own); parsed once each, within a bound. */
const codingMemoLimit = 256;

/**
 * The anonymous cache-hit path (decision 43, issue #21): a GET or HEAD for a page the page cache
 * holds, from a visitor without a session cookie or credentials, is answered from the Node request
 * handler with headers and bodies built once per cached page. Everything else — signed-in
 * visitors, misses, every other route — goes through Fastify as before, and the first response
 * for each cached page goes through it too: its headers become the cached page's (see
 * `wireResponses`), so the two paths send the same headers and bytes.
 *
 * Fastify's hooks do not run for the requests answered here: anything that must see every page
 * view has to be added here too (docs/decisions/036-cache-hit-path.md).
 */
export function createCacheHitResponder(app: FastifyInstance, hitLog: CacheHitLog | undefined): CacheHitResponder {
  const codings = new Map<string, ContentCoding>();
  const codingFor = (header: string | undefined): ContentCoding => {
    if (header === undefined) return 'identity';
    let coding = codings.get(header);
    if (coding === undefined) {
      coding = negotiateEncoding(header);
      if (codings.size >= codingMemoLimit) codings.clear();
      codings.set(header, coding);
    }
    return coding;
  };

  return (request, response) => {
    const method = request.method;
    if ((method !== 'GET' && method !== 'HEAD') || !app.readiness.ready) return false;
    const headers = request.headers;
    // Anyone who may be signed in (a session cookie, any credentials) gets the full pipeline.
    if (headers.authorization !== undefined) return false;
    if (headers.cookie !== undefined && headers.cookie.includes(`${sessionCookieName}=`)) return false;
    const settings = app.siteState.currentPolicy()?.settings;
    if (!settings?.enable_caching) return false;
    const started = hitLog?.timed ? performance.now() : 0;
    const url = request.url ?? '/';
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const cached = app.pageCache.getWire(path, settings.cache_duration * 1000, app.clock.now().getTime());
    if (!cached) return false;

    const answer = cached[codingFor(headers['accept-encoding'])];
    const ifNoneMatch = headers['if-none-match'];
    let statusCode = 200;
    if (ifNoneMatch !== undefined && ifNoneMatchMatches(ifNoneMatch, answer.etag)) {
      statusCode = 304;
      response.writeHead(304, answer.notModified);
      response.end();
    } else {
      response.writeHead(200, answer.ok);
      response.end(method === 'HEAD' ? undefined : answer.body);
    }
    hitLog?.answered(request, statusCode, started);
    return true;
  };
}
