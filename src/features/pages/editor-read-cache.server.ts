import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { DatabaseHandle } from '../../platform/db/client.server';
import { DroppedOnChange, dropOnDatabaseChange, memoryMaxAgeMs } from '../../platform/db/dropped-on-change.server';

/** The channel the database's triggers signal on when pages or blocks change (migration 0012). */
export const pagesChangedChannel = 'cenote_pages_changed';

/**
 * What editors read of pages and blocks (ADR 044): the page list, one page, a page's blocks, kept
 * as the JSON they answered (UTF-8 bytes, written to the socket as they are). Any write to pages or
 * blocks drops them all, whoever made it: the database signals it (triggers, migration 0012), and on
 * PostgreSQL a write request on this instance drops them as it answers, so its author's next read
 * never waits for the signal. At most 256 answers and 8 MB.
 */
export class EditorReadCache extends DroppedOnChange<Buffer> {
  constructor(maxAgeMs?: number, now?: () => number) {
    super({
      maxEntries: 256,
      maxSize: 8 * 1024 * 1024,
      sizeOf: (body) => body.length,
      maxAgeMs,
      ...(now ? { now } : {}),
    });
  }

  get bytes(): number {
    return this.weight;
  }

  /**
   * Answers `key` from memory, or reads it, encodes it with the route's response schema (what its
   * serializer would send: the schema drops anything it does not name), keeps it and answers.
   * Returns the bytes for the handler to return, not the reply: an async handler that returns the
   * reply makes JavaScript adopt its `then`, which holds every request in flight until its response
   * has finished (ADR 055). Typed as the schema's output because that is what the bytes encode, and
   * a route's handler may only return its response type; Fastify sends a Buffer as it is.
   */
  async answer<Schema extends z.ZodType>(
    reply: FastifyReply,
    key: string,
    schema: Schema,
    read: () => Promise<z.output<Schema>>,
  ): Promise<z.output<Schema>> {
    void reply.header('cache-control', 'no-store').type('application/json; charset=utf-8');
    const cached = this.get(key);
    if (cached) return encoded<Schema>(cached);
    const generation = this.generation();
    const body = Buffer.from(JSON.stringify(z.encode(schema, await read())));
    this.set(key, generation, body);
    return encoded<Schema>(body);
  }
}

/** Bytes that already encode a `Schema` output, passed where the handler's return type is checked. */
function encoded<Schema extends z.ZodType>(body: Buffer): z.output<Schema> {
  return body as unknown as z.output<Schema>;
}

declare module 'fastify' {
  interface FastifyInstance {
    editorReadCache: EditorReadCache;
  }
}

export async function registerEditorReadCache(app: FastifyInstance, database: DatabaseHandle): Promise<void> {
  const cache = new EditorReadCache(memoryMaxAgeMs(database));
  app.decorate('editorReadCache', cache);
  await dropOnDatabaseChange(app, database, pagesChangedChannel, () => cache.invalidate());
}
