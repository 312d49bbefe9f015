import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { DatabaseHandle } from '../../platform/db/client.server';

/** The channel the database's triggers signal on when pages or blocks change (migration 0012). */
export const pagesChangedChannel = 'cenote_pages_changed';

/** Answers kept at most (lists, pages, block lists), and their bytes; the least recently read go first. */
const maxEntries = 256;
const maxBytes = 8 * 1024 * 1024;
/**
 * On a server, how long an answer may be served from memory at most. Signals cannot be missed on
 * the embedded database (its triggers signal this process before the write returns); on a server
 * they can while the listening connection is down, and this bounds how long an answer may lag then.
 */
const serverMaxAgeMs = 10_000;

interface Entry {
  body: Buffer;
  at: number;
}

/**
 * What editors read of pages and blocks (ADR 044): the page list, one page, a page's blocks, kept
 * as the JSON they answered (UTF-8 bytes, written to the socket as they are). Any write to pages or
 * blocks drops them all, whoever made it: the database signals it (triggers, migration 0012), and on
 * PostgreSQL a write request on this instance drops them as it answers, so its author's next read
 * never waits for the signal.
 *
 * An answer is only kept under the generation read before the database was: a write committed
 * while it was being read moves the generation on, and the answer is not kept.
 */
export class EditorReadCache {
  #generation = 0;
  #bytes = 0;
  readonly #entries = new Map<string, Entry>();

  constructor(
    private readonly maxAgeMs = Number.POSITIVE_INFINITY,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Read before the database; pass it to `set`. */
  generation(): number {
    return this.#generation;
  }

  get(key: string): Buffer | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.at > this.maxAgeMs) {
      this.#remove(key, entry);
      return undefined;
    }
    // Most recently read last: the first key is the one to evict.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.body;
  }

  set(key: string, generation: number, body: Buffer): void {
    if (generation !== this.#generation || body.length > maxBytes) return;
    const old = this.#entries.get(key);
    if (old) this.#remove(key, old);
    this.#entries.set(key, { body, at: this.now() });
    this.#bytes += body.length;
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= maxEntries && this.#bytes <= maxBytes) break;
      this.#remove(oldest, entry);
    }
  }

  invalidate(): void {
    this.#generation++;
    this.#entries.clear();
    this.#bytes = 0;
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /**
   * Answers `key` from memory, or reads it, encodes it with the route's response schema (what its
   * serializer would send: the schema drops anything it does not name), keeps it and answers.
   */
  async answer<Schema extends z.ZodType>(
    reply: FastifyReply,
    key: string,
    schema: Schema,
    read: () => Promise<z.output<Schema>>,
  ): Promise<FastifyReply> {
    void reply.header('cache-control', 'no-store').type('application/json; charset=utf-8');
    const cached = this.get(key);
    if (cached) return reply.send(cached);
    const generation = this.generation();
    const body = Buffer.from(JSON.stringify(z.encode(schema, await read())));
    this.set(key, generation, body);
    return reply.send(body);
  }

  #remove(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#bytes -= entry.body.length;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    editorReadCache: EditorReadCache;
  }
}

const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function registerEditorReadCache(app: FastifyInstance, database: DatabaseHandle): Promise<void> {
  const cache = new EditorReadCache(database.kind === 'postgres' ? serverMaxAgeMs : undefined);
  app.decorate('editorReadCache', cache);
  const dropAll = () => cache.invalidate();
  await database.subscribe(pagesChangedChannel, dropAll, dropAll);
  // The embedded database signals before the write returns; a server's signal comes a moment
  // later, so a write request drops the answers before its own answer leaves: its author may read next.
  if (database.kind !== 'postgres') return;
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!readMethods.has(request.method)) cache.invalidate();
    done(null, payload);
  });
}
