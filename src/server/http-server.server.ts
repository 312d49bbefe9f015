import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import { nodeHttp } from '../platform/http/node-http.server';
import type { CacheHitResponder } from '../features/page-cache/cache-hit-path.server';

/**
 * The HTTP server Fastify listens on, with the page cache's hit path in front of Fastify's own
 * handler (issue #21). The responder is attached once the app exists; until then (and for every
 * request it declines) Fastify answers. The timeouts are the ones Fastify gives its own server.
 */
export function serverWithCacheHitPath(): {
  factory: NonNullable<FastifyServerOptions['serverFactory']>;
  attach(responder: CacheHitResponder): void;
} {
  let responder: CacheHitResponder | undefined;
  const factory = (
    fastifyHandler: (request: IncomingMessage, response: ServerResponse) => void,
    options: FastifyServerOptions,
  ): Server => {
    const server = nodeHttp.createServer((request, response) => {
      if (responder?.(request, response)) return;
      fastifyHandler(request, response);
    });
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    return server;
  };
  return {
    factory,
    attach(next) {
      responder = next;
    },
  };
}
