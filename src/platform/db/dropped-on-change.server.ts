import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from './client.server';

/**
 * On a server, how long a value may be used from memory at most. Signals cannot be missed on the
 * embedded database (its triggers signal this process before the write returns); on a server they
 * can while the listening connection is down, and this bounds how long a value may lag then.
 */
const serverMaxAgeMs = 10_000;

/** The age limit for memories of this database's rows: none on the embedded one. */
export function memoryMaxAgeMs(database: DatabaseHandle): number | undefined {
  return database.kind === 'postgres' ? serverMaxAgeMs : undefined;
}

interface Entry<Value> {
  value: Value;
  at: number;
}

export interface MemoryLimits<Value> {
  maxEntries: number;
  /** With `sizeOf`: the total the values may weigh. */
  maxSize?: number;
  sizeOf?: (value: Value) => number;
  /** How long a value may be used at most (`memoryMaxAgeMs`). */
  maxAgeMs?: number | undefined;
  now?: () => number;
}

/**
 * Values read from the database, kept until the database signals that their rows changed (ADR 044,
 * ADR 046): `invalidate` drops them all. The least recently read go first when a limit is reached.
 *
 * A value is only kept under the generation read before the database was: a write committed while
 * it was being read moves the generation on, and `set` refuses it.
 */
export class DroppedOnChange<Value> {
  #generation = 0;
  #size = 0;
  readonly #entries = new Map<string, Entry<Value>>();
  readonly #maxAgeMs: number;
  readonly #now: () => number;

  constructor(private readonly limits: MemoryLimits<Value>) {
    this.#maxAgeMs = limits.maxAgeMs ?? Number.POSITIVE_INFINITY;
    this.#now = limits.now ?? (() => performance.now());
  }

  /** Read before the database; pass it to `set`. */
  generation(): number {
    return this.#generation;
  }

  get(key: string): Value | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#remove(key, entry);
    if (this.#now() - entry.at > this.#maxAgeMs) return undefined;
    // Most recently read last: the first key is the one to evict.
    this.#add(key, entry);
    return entry.value;
  }

  set(key: string, generation: number, value: Value): void {
    const maxSize = this.limits.maxSize ?? Number.POSITIVE_INFINITY;
    if (generation !== this.#generation || this.#sizeOf(value) > maxSize) return;
    const old = this.#entries.get(key);
    if (old) this.#remove(key, old);
    this.#add(key, { value, at: this.#now() });
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= this.limits.maxEntries && this.#size <= maxSize) break;
      this.#remove(oldest, entry);
    }
  }

  invalidate(): void {
    this.#generation++;
    this.#entries.clear();
    this.#size = 0;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** What the kept values weigh, by `sizeOf` (0 without it). */
  get weight(): number {
    return this.#size;
  }

  #sizeOf(value: Value): number {
    return this.limits.sizeOf?.(value) ?? 0;
  }

  #add(key: string, entry: Entry<Value>): void {
    this.#entries.set(key, entry);
    this.#size += this.#sizeOf(entry.value);
  }

  #remove(key: string, entry: Entry<Value>): void {
    this.#entries.delete(key);
    this.#size -= this.#sizeOf(entry.value);
  }
}

const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Per server, what its write requests drop before they answer (one hook for all of them). */
const dropsOnWrite = new WeakMap<FastifyInstance, Array<() => void>>();

/**
 * Wires a memory of database rows to the signal the database's triggers send when those rows
 * change: `drop` runs on every signal, and when the listening connection comes back after a loss
 * (signals sent meanwhile were missed).
 *
 * The embedded database signals before the write returns. A server signals a moment later, so on
 * PostgreSQL every write request (any method but GET, HEAD, OPTIONS) on this instance also drops
 * the memory just before its answer leaves: its author's next request never waits for the signal.
 */
export async function dropOnDatabaseChange(
  app: FastifyInstance,
  database: DatabaseHandle,
  channel: string,
  drop: () => void,
): Promise<void> {
  await database.subscribe(channel, drop, drop);
  if (database.kind !== 'postgres') return;
  const drops = dropsOnWrite.get(app);
  if (drops) {
    drops.push(drop);
    return;
  }
  const first = [drop];
  dropsOnWrite.set(app, first);
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!readMethods.has(request.method)) for (const dropMemory of first) dropMemory();
    done(null, payload);
  });
}
