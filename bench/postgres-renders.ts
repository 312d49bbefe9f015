/**
 * Uncached renders on PostgreSQL (issue #21 asks for both databases): a second production server on
 * a fresh, seeded PostgreSQL database, caching off, wrk -c16 on `/` and `/cenote-dos-ojos`, like the
 * embedded-database runs. Runs when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server where
 * the bench may create and drop a database.
 */
import pg from 'pg';
import { loadTest } from './load';
import { benchAdmin, buildAndStart, setPageCaching, signIn } from './production-server';

export interface PostgresRenders {
  runs: Array<{ page: string; requestsPerSecond: number; p50: number; p99: number; errors: number }>;
}

export function postgresBenchUrl(): string | undefined {
  return process.env['BENCH_DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'];
}

export async function measurePostgresRenders(serverUrl: string, seconds: number): Promise<PostgresRenders> {
  const name = `cenote_bench_${Date.now()}`;
  const maintenance = new pg.Client({ connectionString: serverUrl });
  await maintenance.connect();
  await maintenance.query(`create database ${name}`);
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${name}`;
  try {
    // dist/ is the build the embedded-database runs measured.
    const server = await buildAndStart(
      { DATABASE_URL: databaseUrl.toString(), ADMIN_EMAIL: benchAdmin.email, ADMIN_PASSWORD: benchAdmin.password },
      { build: false },
    );
    try {
      await setPageCaching(server.base, await signIn(server.base, benchAdmin), false);
      const runs: PostgresRenders['runs'] = [];
      for (const page of ['/', '/cenote-dos-ojos']) {
        // A short warm-up: the first requests compile the render path and fill the pool.
        await loadTest({ url: `${server.base}${page}`, seconds: 2, connections: 16 });
        const result = await loadTest({ url: `${server.base}${page}`, seconds, connections: 16 });
        runs.push({
          page,
          requestsPerSecond: result.requestsPerSecond,
          p50: result.p50,
          p99: result.p99,
          errors: result.errors + result.non2xx,
        });
      }
      return { runs };
    } finally {
      await server.stop();
    }
  } finally {
    await maintenance.query(`drop database if exists ${name} with (force)`);
    await maintenance.end();
  }
}
