import { flushCompileCache } from 'node:module';
import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from '../platform/env.server';
import { usesReadableLogs } from '../platform/logger.server';
import { missingProductionFlags } from './node-flags';
import { formatStartBanner } from './start-banner.server';

const shutdownDeadlineMs = 10_000;

async function main(): Promise<void> {
  let config;
  try {
    // src/server and dist/server both sit two levels below the project root.
    config = loadConfig(process.env, path.resolve(import.meta.dirname, '..', '..'));
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const line of error.lines) console.error(line);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config);
  const missingFlags = missingProductionFlags(process.execArgv);
  if (config.env === 'production' && missingFlags.length > 0) {
    app.log.info(
      `Tip: start node with ${missingFlags.join(' ')} to keep the server's memory low (docs/decisions/011-memory.md).`,
    );
  }
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const deadline = setTimeout(() => {
      app.log.error('in-flight requests did not finish within 10 s; exiting');
      process.exit(1);
    }, shutdownDeadlineMs);
    deadline.unref();
    app.close().then(
      () => {
        app.log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  await app.readiness.promise.catch(() => {
    app.log.fatal('the server cannot serve content; stopping');
    process.exit(1);
  });
  // Node's compile cache (NODE_COMPILE_CACHE, set by `npm start`; ADR 047) is written at exit; write
  // it now, so a server that is killed, or never exits cleanly, still leaves its next start a cache.
  flushCompileCache();
  // JSON log lines carry all of this already; a person at a terminal gets it in one place.
  if (usesReadableLogs(config) && !closing) {
    process.stdout.write(
      formatStartBanner({ config, setupUrl: app.readiness.setupUrl, color: process.stdout.hasColors() }),
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
