import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';

/** What the cache-hit path reports each answered request to. */
export interface CacheHitLog {
  /** Whether `answered` needs the request's start time (`performance.now()` when it arrived). */
  timed: boolean;
  answered(request: IncomingMessage, statusCode: number, started: number): void;
  /** Writes what is still counted and stops (the server is closing). */
  close(): void;
}

/** Paths named in a summary line: the busiest ones. */
const summaryPathLimit = 10;
export const summaryIntervalMs = 10_000;

/**
 * A line per cache hit, like the line Fastify's requests get ("request completed", or the
 * readable one-liner at a terminal). On a 2-core machine these lines cost about a fifth of the
 * cache-hit throughput (ADR 036), so JSON logs get the summary below unless `LOG_CACHE_HITS=each`.
 */
export function eachHitLog(log: FastifyBaseLogger, readable: boolean): CacheHitLog {
  const elapsed = (started: number) => performance.now() - started;
  return {
    timed: true,
    answered: readable
      ? (request, statusCode, started) =>
          log.info(`${request.method} ${request.url} ${statusCode} ${Math.round(elapsed(started))} ms`)
      : (request, statusCode, started) =>
          log.info(
            {
              req: { method: request.method, url: request.url, remoteAddress: request.socket.remoteAddress },
              res: { statusCode },
              responseTime: elapsed(started),
            },
            'request completed',
          ),
    close() {},
  };
}

/**
 * One line every 10 s while cached pages are being served: how many, how many were 304s, and the
 * busiest paths. Requests answered by Fastify keep their own line each.
 */
export function summaryHitLog(log: FastifyBaseLogger, intervalMs = summaryIntervalMs): CacheHitLog {
  let hits = 0;
  let notModified = 0;
  let byPath = new Map<string, number>();
  const flush = () => {
    if (hits === 0) return;
    const paths = [...byPath]
      .sort((a, b) => b[1] - a[1])
      .slice(0, summaryPathLimit)
      .map(([path, count]) => ({ path, hits: count }));
    log.info({ cacheHits: hits, notModified, paths }, 'served cached pages');
    hits = 0;
    notModified = 0;
    byPath = new Map();
  };
  const timer = setInterval(flush, intervalMs);
  timer.unref();
  return {
    timed: false,
    answered(request, statusCode) {
      hits += 1;
      if (statusCode === 304) notModified += 1;
      const url = request.url ?? '/';
      const queryAt = url.indexOf('?');
      const path = queryAt === -1 ? url : url.slice(0, queryAt);
      byPath.set(path, (byPath.get(path) ?? 0) + 1);
    },
    close() {
      clearInterval(timer);
      flush();
    },
  };
}

/** The hit log for this server: none below info level, else as `LOG_CACHE_HITS` says (ADR 036). */
export function cacheHitLogFor(
  log: FastifyBaseLogger,
  options: { setting: 'each' | 'summary' | undefined; readable: boolean },
): CacheHitLog | undefined {
  if (!['trace', 'debug', 'info'].includes(log.level)) return undefined;
  const each = options.setting === 'each' || (options.setting === undefined && options.readable);
  return each ? eachHitLog(log, options.readable) : summaryHitLog(log);
}
