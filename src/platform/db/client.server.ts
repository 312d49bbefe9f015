import { mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { initializeEmbeddedCluster } from './embedded-cluster.server';

/** One type for both drivers, so every repository has one code path. */
export type Database = PgDatabase<PgQueryResultHKT>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /**
   * Runs migrations, then `whileLocked`, holding a lock that other instances on the same
   * database wait for, so concurrent starts migrate and seed exactly once.
   */
  migrate(migrationsDir: string, whileLocked?: () => Promise<void>): Promise<void>;
  /** Cheap liveness probe for health checks. */
  ping(): Promise<void>;
  /**
   * Cross-instance signals (page-cache invalidation): PostgreSQL LISTEN/NOTIFY on a server;
   * with the single-process embedded database there is nobody else to tell.
   */
  publish(channel: string, payload: string): Promise<void>;
  /**
   * Signals on a channel: those other instances publish, and those the database's own triggers
   * send (pg_notify) when a transaction commits, on both drivers. The embedded database delivers
   * them before the committing call returns; a server, a moment later on the listening connection.
   * `onResubscribed` runs after the listening connection was lost and made again: signals sent in
   * between were missed, so whatever they would have invalidated must be treated as stale.
   */
  subscribe(channel: string, onMessage: (payload: string) => void, onResubscribed?: () => void): Promise<void>;
  close(): Promise<void>;
}

/** Arbitrary, fixed key for pg_advisory_lock: "cenote" in ASCII. */
const MIGRATION_LOCK_KEY = 0x63656e6f7465;

const embeddedDatabases = new WeakSet<Database>();

/**
 * Whether this handle is the embedded database. Repositories share one code path for both
 * drivers; the one exception is how many rows are read (see json-rows.server.ts).
 */
export function isEmbeddedDatabase(db: Database): boolean {
  return embeddedDatabases.has(db);
}

export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Where the embedded database keeps the cluster a new data folder starts as a copy of (ADR 049). */
  clusterTemplateDir?: string | undefined;
}): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(path.join(options.dataDir, 'db'), options.clusterTemplateDir);
}

async function openPostgres(databaseUrl: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    idleTimeoutMillis: 30_000,
    // An unreachable host would otherwise hold each request for the OS's TCP timeout (minutes).
    connectionTimeoutMillis: connectTimeoutMs,
  });
  // A client losing its connection (database stopped or restarted) emits 'error'. pg-pool listens
  // only while the client is idle; without a listener of our own, a connection dying while a
  // transaction holds it would be an uncaught exception and stop the whole server. The query in
  // flight still fails (the API answers 503) and the pool discards the broken client on release.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool) as unknown as Database;
  let closed = false;
  const listeners: Listener[] = [];
  const listener = createListener(databaseUrl, listeners, () => closed);
  return {
    db,
    kind: 'postgres',
    async migrate(migrationsDir, whileLocked) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migratePg(drizzlePg(client), { migrationsFolder: migrationsDir });
          await whileLocked?.();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    async publish(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async subscribe(channel, onMessage, onResubscribed) {
      listeners.push({ channel, onMessage, onResubscribed });
      await listener.start();
    },
    async close() {
      closed = true;
      await listener.stop();
      await pool.end();
    },
  };
}

interface Listener {
  channel: string;
  onMessage: (payload: string) => void;
  onResubscribed: (() => void) | undefined;
}

const connectTimeoutMs = 10_000;
/** Reconnect attempts of the LISTEN connection start fast and slow down to this while the database stays away. */
const listenRetryFirstMs = 250;
const listenRetryMaxMs = 5_000;

/**
 * One dedicated connection that LISTENs for signals from other instances. When it is lost
 * (database restarted, network cut) it reconnects with a growing back-off for as long as it
 * takes, so invalidation resumes by itself without restarting the server.
 */
function createListener(databaseUrl: string, listeners: Listener[], isClosed: () => boolean) {
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryDelayMs = listenRetryFirstMs;
  let everConnected = false;
  const channels = () => new Set(listeners.map((listener) => listener.channel));

  const scheduleReconnect = () => {
    if (isClosed() || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      start().catch(scheduleReconnect);
    }, retryDelayMs);
    // A pending retry must not keep a stopping process alive.
    retryTimer.unref();
    retryDelayMs = Math.min(retryDelayMs * 2, listenRetryMaxMs);
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: connectTimeoutMs });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (client === next) client = undefined;
      next.end().catch(() => {});
      scheduleReconnect();
    };
    next.on('notification', (message) => {
      for (const listener of listeners)
        if (listener.channel === message.channel) listener.onMessage(message.payload ?? '');
    });
    next.on('error', onLost);
    next.on('end', onLost);
    try {
      await next.connect();
      for (const channel of channels()) await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      lost = true;
      next.end().catch(() => {});
      throw error;
    }
    if (lost) throw new Error('The listening connection closed while it was being set up.');
    if (isClosed()) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    retryDelayMs = listenRetryFirstMs;
    if (everConnected) for (const listener of listeners) listener.onResubscribed?.();
    everConnected = true;
  };

  const start = async (): Promise<void> => {
    if (isClosed()) return;
    if (client) {
      for (const channel of channels()) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      return;
    }
    connecting ??= connect().finally(() => (connecting = undefined));
    await connecting;
  };

  return {
    start,
    async stop() {
      clearTimeout(retryTimer);
      retryTimer = undefined;
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}

async function openPglite(directory: string, clusterTemplateDir: string | undefined): Promise<DatabaseHandle> {
  await mkdir(directory, { recursive: true });
  const releaseLock = await lockDirectory(directory);
  let client: PGlite;
  try {
    await initializeEmbeddedCluster(directory, clusterTemplateDir);
    client = await PGlite.create(directory, { postgresqlconf: pgliteSettings });
  } catch (error) {
    await releaseLock();
    throw error;
  }
  const db = drizzlePglite(client) as unknown as Database;
  embeddedDatabases.add(db);
  return {
    db,
    kind: 'pglite',
    async migrate(migrationsDir, whileLocked) {
      // One process owns an embedded database (see lockDirectory), so no cross-process lock is needed.
      await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsDir });
      await whileLocked?.();
    },
    async ping() {
      await client.query('select 1');
    },
    async publish() {},
    async subscribe(channel, onMessage) {
      await client.listen(channel, onMessage);
    },
    async close() {
      await client.close();
      await releaseLock();
    },
  };
}

/**
 * PostgreSQL's defaults (128 MB of shared buffers) make the embedded database hold ~600 MB. Its
 * shared memory lives in the WebAssembly memory, which never shrinks. 4 MB of buffers (512 pages of
 * 8 KB) hold a content site's hot rows; a miss reads the data folder through the OS's file cache,
 * which is not the process's memory (ADRs 053, 060).
 */
const pgliteSettings = [
  'shared_buffers=4MB',
  // One process, one connection: the default 100 sizes lock tables, process slots and activity
  // buffers for 100 backends, 4 MB of shared memory the embedded database never uses (ADR 060).
  'max_connections=10',
  // A new WAL segment is created without writing 16 MB of zeros first. The embedded database's file
  // layer gathers each zero-filled write into a new 1 MB JavaScript buffer, which lives until the
  // next garbage collection: 16 MB at once (ADR 059).
  'wal_init_zero=off',
].join('\n');

const openedInThisProcess = new Set<string>();

/**
 * PGlite is a single-process database: two servers on one data folder would corrupt it.
 * A lock file with the owner's pid refuses the second one (a stale lock of a dead process is taken over).
 */
async function lockDirectory(directory: string): Promise<() => Promise<void>> {
  const lockPath = path.join(directory, '..', 'db.lock');
  if (openedInThisProcess.has(lockPath)) {
    throw new Error(`The embedded database in ${directory} is already open in this process.`);
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lockPath, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      openedInThisProcess.add(lockPath);
      return async () => {
        openedInThisProcess.delete(lockPath);
        await rm(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number((await readFile(lockPath, 'utf8').catch(() => '')).trim());
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `The embedded database in ${directory} is in use by process ${owner}. Stop it first, or set DATABASE_URL to share a PostgreSQL server between instances.`,
          { cause: error },
        );
      }
      await rm(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database in ${directory}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
