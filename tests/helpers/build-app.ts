import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type Clock } from '../../src/server/app';
import { loadConfig, type AppConfig } from '../../src/platform/env.server';
import { createPostgresDatabase, testDriver } from './test-database';

export const projectRoot = path.resolve(import.meta.dirname, '..', '..');

/** A test server's data folder and, on PostgreSQL, its database. */
export interface TestData {
  dataDir: string;
  postgres: { url: string; drop: () => Promise<void> } | undefined;
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  data: TestData;
  /** http://127.0.0.1:<port> of the real listening server. */
  url: string;
  /** Log lines (JSON) when started with `captureLogs`; empty otherwise. */
  logs(): string[];
  /** Stops the server and removes its data, unless `keepData` (to start another server on it). */
  close(options?: { keepData?: boolean }): Promise<void>;
}

export interface TestAppOptions {
  seed?: boolean;
  env?: Record<string, string>;
  /** Extra routes registered before listening, for exercising plugins with real requests. */
  extraRoutes?: (app: FastifyInstance) => void;
  /** Replaces the system clock, so expiry can be tested (see TestClock in ./auth). */
  clock?: Clock;
  /** Keep the server's info-level log lines (e.g. the first-run setup link). */
  captureLogs?: boolean;
  /**
   * Start on existing data instead of a fresh folder and database: an earlier server's (closed
   * with keepData), as after a restart, or on PostgreSQL a running one's, as a second instance.
   */
  data?: TestData;
}

/**
 * A real server on port 0 with its own data folder and its own database (PGlite, or a fresh
 * PostgreSQL database when the suite runs on PostgreSQL). Each test file owns its data.
 */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = options.data?.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'cenote-test-')));
  const postgres = options.data
    ? options.data.postgres
    : testDriver() === 'postgres'
      ? await createPostgresDatabase()
      : undefined;
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SEED: options.seed === false ? 'false' : 'true',
      LOG_LEVEL: 'silent',
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      ...options.env,
    },
    projectRoot,
  );
  const logLines: string[] = [];
  const logger = options.captureLogs
    ? { level: 'info', stream: { write: (line: string) => void logLines.push(line) } }
    : false;
  const app = await buildApp(config, { logger, ...(options.clock ? { clock: options.clock } : {}) });
  options.extraRoutes?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  await app.readiness.promise;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    config,
    data: { dataDir, postgres },
    url: `http://127.0.0.1:${port}`,
    logs: () => [...logLines],
    async close(closeOptions = {}) {
      await app.close();
      if (closeOptions.keepData) return;
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function getJson<T = unknown>(
  url: string,
  init?: RequestInit,
): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
}
