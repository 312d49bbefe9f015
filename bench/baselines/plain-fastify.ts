/**
 * The cached-page baseline of `npm run bench` (issue #21): plain Fastify from the project's own
 * node_modules, logger off, no plugins, serving the bytes of the pages given on the command line
 * from memory, each precompressed once (gzip and brotli at the page cache's levels). This is what
 * Fastify itself costs per request; the page cache's hit path is measured against it.
 *
 *   tsx bench/baselines/plain-fastify.ts <port> <url-path>=<file> ...
 *
 * With BASELINE_CPU_US set, each request first spends about that much CPU time on arithmetic that
 * allocates nothing: the latency floor of a server that works as long as our render does per
 * request but makes no garbage (so its tail is this machine's scheduling, not a garbage collector).
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { buildCachedPage } from '../../src/features/page-cache/page-cache.server';

const [portArgument, ...pageArguments] = process.argv.slice(2);
const app = Fastify({ logger: false });

let spinSink = 0;
/** Integer arithmetic only: no allocation, so no garbage collection. */
function spin(iterations: number): void {
  let value = 0;
  for (let step = 0; step < iterations; step++) value = (value + step * 7) % 1_000_003;
  spinSink += value;
}
/**
 * Iterations that take about `microseconds` of this process's CPU time, as a starting point. `spin` is
 * first run for 300 ms so that V8 has optimized it: calibrated while still interpreted, the count came
 * out ~7 times too low (the floor then spent ~45 µs a request instead of 137).
 */
function calibrate(microseconds: number): number {
  const warmUntil = performance.now() + 300;
  while (performance.now() < warmUntil) spin(10_000);
  // Each round times ~50 ms of spinning, so the clock's granularity does not matter.
  const repeats = Math.max(1, Math.round(50_000 / microseconds));
  let iterations = 100_000;
  for (let round = 0; round < 6; round++) {
    const before = process.cpuUsage();
    for (let repeat = 0; repeat < repeats; repeat++) spin(iterations);
    const used = process.cpuUsage(before);
    iterations = Math.max(1, Math.round((iterations * microseconds * repeats) / Math.max(1, used.user + used.system)));
  }
  return iterations;
}
const cpuPerRequestUs = Number(process.env['BASELINE_CPU_US'] ?? 0);
let spinIterations = cpuPerRequestUs > 0 ? calibrate(cpuPerRequestUs) : 0;
let requestsSpun = 0;

/**
 * Spends the request's CPU time. The same loop ran ~20 % slower inside a request than in the
 * calibration here, so every 64th request times itself and nudges the count toward the target.
 */
function spendRequestCpu(): void {
  if (++requestsSpun % 64 !== 0) {
    spin(spinIterations);
    return;
  }
  const before = process.cpuUsage();
  spin(spinIterations);
  const used = process.cpuUsage(before);
  const spent = used.user + used.system;
  if (spent > 0) spinIterations = Math.max(1, Math.round(spinIterations * (0.8 + (0.2 * cpuPerRequestUs) / spent)));
}

for (const pageArgument of pageArguments) {
  const separator = pageArgument.indexOf('=');
  const urlPath = pageArgument.slice(0, separator);
  const cached = buildCachedPage(readFileSync(pageArgument.slice(separator + 1), 'utf8'), Date.now());
  const { br, gzip, identity } = cached.variants;
  app.get(urlPath, (request, reply) => {
    if (spinIterations > 0) spendRequestCpu();
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
console.log(
  `plain Fastify listening on ${portArgument}${spinSink > 0 ? ` (${spinIterations} iterations a request)` : ''}`,
);
