import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { AppConfig } from './env.server';

interface Output {
  isTTY?: boolean;
  hasColors?: () => boolean;
  write(text: string): unknown;
}

/**
 * A person at a terminal gets readable log lines and the start-up banner; production, pipes and
 * tools (tests, log shippers) get one JSON object per line.
 */
export function usesReadableLogs(config: Pick<AppConfig, 'env'>, stdout: Output = process.stdout): boolean {
  return stdout.isTTY === true && config.env !== 'production';
}

/** One short line per request ("GET /cenotes 200 4 ms") instead of Fastify's two object-shaped ones. */
class ReadableRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = `${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}

/**
 * Production logs one JSON line per request, when it is answered (Fastify's default writes two:
 * one on arrival, one on completion). The line carries the request, so nothing is lost.
 */
class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error)
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/**
 * Credentials never reach a log line. Fastify's request serializer leaves headers out already;
 * this also covers a line that logs a request's headers itself.
 */
export const logRedaction = {
  paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'],
  censor: '[redacted]',
};

/** The server's logger options for this config and this stdout. */
export async function loggingFor(
  config: Pick<AppConfig, 'env' | 'logLevel'>,
  stdout: Output = process.stdout,
): Promise<Pick<FastifyServerOptions, 'logger' | 'logController'>> {
  if (!usesReadableLogs(config, stdout)) {
    return { logger: { level: config.logLevel, redact: logRedaction }, logController: new OneLineRequestLog() };
  }
  // Loaded only here: production never pays for it.
  const { prettyFactory } = await import('pino-pretty');
  const prettify = prettyFactory({
    colorize: stdout.hasColors?.() ?? false,
    translateTime: 'HH:MM:ss',
    ignore: 'pid,hostname,reqId',
    singleLine: true,
  });
  return {
    // In-process and synchronous, not a pino transport: a transport is a worker thread with a V8
    // heap of its own (docs/decisions/011-memory.md), and here lines stay in order with the banner.
    logger: {
      level: config.logLevel,
      redact: logRedaction,
      stream: { write: (line: string) => void stdout.write(prettify(line)) },
    },
    logController: new ReadableRequestLog(),
  };
}
