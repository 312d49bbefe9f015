/**
 * The Node.js flags the production server is started with. They keep the process under 300 MB;
 * see docs/decisions/011-memory.md. V8 reads them when it starts, so they cannot be set from
 * inside the process. The build copies them into dist/build-info.json, where `npm start`
 * (scripts/start.mjs, plain node) reads them; the bench imports them from here. Not
 * `--memory-saver-mode`: it keeps the peak under 250 MB, but makes each cached page a third dearer (ADR 054).
 */
export const productionNodeFlags = [
  // No optimizing recompilation of the embedded database's WebAssembly: avoids a ~650 MB transient peak.
  '--liftoff-only',
  // A small young generation and a bounded old one: the heap stays ~50-70 MB instead of growing to
  // 200+ MB under load. The live data is ~50 MB; pages in the cache are Buffers, outside this limit.
  // 2 MB semi-spaces rather than 4: a render's Buffers that outlive one young collection (still being
  // written to a socket) are promoted, and then wait for a full GC; half the space promotes and keeps
  // fewer of them (ADR 053).
  '--max-semi-space-size=2',
  '--max-old-space-size=128',
  // No allocation-site pretenuring: V8 saw every object of one allocation site (about four a request)
  // outlive a young collection (the request was still in flight) and began allocating them in the old generation,
  // where, dead, they kept what they point to alive through young collections until the next full
  // one. Without it, uncached renders run 1-3 full collections in 10 s instead of 6-9 (ADR 056).
  '--no-allocation-site-pretenuring',
] as const;

/**
 * Environment variables the production server is started with (`npm start`, the bench); a value
 * the environment already sets wins. glibc reads MALLOC_ARENA_MAX when the process starts: one
 * malloc arena instead of one per thread (libuv's pool, V8's helpers, libvips) keeps memory freed
 * on one thread reusable by the others. Measured: ~25 MB less after uncached renders, and encoding
 * a 3000 × 2000 photo to JPEG, WebP and AVIF three times peaked at 302 MB instead of 571, and took
 * 33 s instead of 59-68 (docs/decisions/045-malloc-arenas-and-lazy-sdk.md).
 */
export const productionEnvironment: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: '1',
  // A fixed threshold: blocks of 32 KB and more get their own mapping, returned when freed. glibc's
  // default raises the threshold to the largest block freed so far (argon2's 7 MiB, an image
  // buffer), after which such blocks come from the arena and stay there (ADR 051). At 128 KB, the
  // arena still grew to ~40 MB with half of it free between live blocks, which only the top can
  // give back (ADR 059).
  MALLOC_MMAP_THRESHOLD_: '32768',
  MALLOC_TRIM_THRESHOLD_: '32768',
};

/**
 * Where Node keeps V8's compiled code of the server's modules between starts (NODE_COMPILE_CACHE),
 * relative to the project root: a restart skips compiling the 4 MB bundle and its dependencies
 * again (ADR 047). Inside dist/, so a new build starts a new cache; when dist/ is read-only, Node
 * runs without one. `npm start` (scripts/start.mjs, which repeats this path) and the bench set it.
 */
export const compileCacheDirectory = 'dist/compile-cache';

export function missingProductionFlags(execArgv: readonly string[]): string[] {
  return productionNodeFlags.filter((flag) => !execArgv.includes(flag));
}
