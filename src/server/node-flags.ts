/**
 * The Node.js flags the production server is started with (package.json `start`, the bench,
 * docs/deploy.md). They keep the process under 300 MB; see docs/decisions/011-memory.md.
 * V8 reads them when it starts, so they cannot be set from inside the process.
 */
export const productionNodeFlags = [
  // No optimizing recompilation of the embedded database's WebAssembly: avoids a ~650 MB transient peak.
  '--liftoff-only',
  // A small young generation and a bounded old one: the heap stays ~50-70 MB instead of growing to
  // 200+ MB under load. The live data is ~50 MB; pages in the cache are Buffers, outside this limit.
  '--max-semi-space-size=4',
  '--max-old-space-size=128',
] as const;

export function missingProductionFlags(execArgv: readonly string[]): string[] {
  return productionNodeFlags.filter((flag) => !execArgv.includes(flag));
}
