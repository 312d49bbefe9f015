/**
 * The cached-page baseline of `npm run bench` (issue #21): plain Fastify from the project's own
 * node_modules, logger off, no plugins, serving the bytes of the pages given on the command line
 * from memory, each precompressed once (gzip and brotli at the page cache's levels). This is what
 * Fastify itself costs per request; the page cache's hit path is measured against it.
 *
 *   tsx bench/baselines/plain-fastify.ts <port> <url-path>=<file> ...
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { buildCachedPage } from '../../src/features/page-cache/page-cache.server';

const [portArgument, ...pageArguments] = process.argv.slice(2);
const app = Fastify({ logger: false });

for (const pageArgument of pageArguments) {
  const separator = pageArgument.indexOf('=');
  const urlPath = pageArgument.slice(0, separator);
  const cached = buildCachedPage(readFileSync(pageArgument.slice(separator + 1), 'utf8'), Date.now());
  const { br, gzip, identity } = cached.variants;
  app.get(urlPath, (request, reply) => {
    const accepted = request.headers['accept-encoding'] ?? '';
    const [variant, coding] = accepted.includes('br')
      ? [br, 'br']
      : accepted.includes('gzip')
        ? [gzip, 'gzip']
        : [identity, undefined];
    void reply.header('content-type', 'text/html; charset=utf-8').header('etag', variant.etag);
    if (coding) void reply.header('content-encoding', coding);
    return reply.send(variant.body);
  });
}

await app.listen({ port: Number(portArgument), host: '127.0.0.1' });
console.log(`plain Fastify listening on ${portArgument}`);
