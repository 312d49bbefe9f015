/**
 * Whether dist/ was built from the sources as they are now. Plain JavaScript, no dependencies:
 * `npm start` (scripts/start.mjs) reads it with plain node after `npm prune --omit=dev`, and the
 * build (scripts/build.ts) uses it to write the stamp, so both agree on what the build reads.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the build reads, compared by modification time (directories too: they change when a file is added or removed). */
export const buildInputs = ['src', 'content', 'db', 'scripts/build.ts', 'tsconfig.json'];

/** Compared by content: `npm ci` and `npm prune` rewrite them unchanged, with a new modification time. */
export const manifestInputs = ['package.json', 'package-lock.json'];

/** Written by a full build, last; a build that fails or is under way leaves none. */
export const buildInfoFile = path.join('dist', 'build-info.json');

/** The newest modification time (ms) among the build inputs, directories included (they change when a file is added or removed). */
export function newestInputMtime(root) {
  let newest = 0;
  const visit = (file) => {
    let stats;
    try {
      stats = statSync(file);
    } catch {
      return;
    }
    newest = Math.max(newest, stats.mtimeMs);
    if (!stats.isDirectory()) return;
    for (const entry of readdirSync(file)) visit(path.join(file, entry));
  };
  for (const input of buildInputs) visit(path.join(root, input));
  return newest;
}

/** A digest of the package manifests (a missing file counts as empty). */
export function manifestsHash(root) {
  const hash = createHash('sha256');
  for (const file of manifestInputs) {
    hash.update(`${file}\0`);
    try {
      hash.update(readFileSync(path.join(root, file)));
    } catch {
      // absent: hashed as empty
    }
  }
  return hash.digest('hex');
}

/** The stamp of the last full build, or undefined when there is none (or it is unreadable). */
export function readBuildInfo(root) {
  try {
    const info = JSON.parse(readFileSync(path.join(root, buildInfoFile), 'utf8'));
    if (typeof info.inputsMtimeMs !== 'number' || typeof info.manifestsHash !== 'string') return undefined;
    if (!Array.isArray(info.nodeFlags)) return undefined;
    return info;
  } catch {
    return undefined;
  }
}

/**
 * 'missing': no complete build to run. 'stale': built, but a source changed since. 'fresh': built
 * from the sources as they are, or there are no sources here to build from (a deployed image).
 */
export function buildState(root) {
  const info = readBuildInfo(root);
  let hasServer = true;
  try {
    statSync(path.join(root, 'dist', 'server', 'main.js'));
  } catch {
    hasServer = false;
  }
  if (!info || !hasServer) return { state: 'missing', info: undefined };
  let hasSources = true;
  try {
    statSync(path.join(root, 'src'));
  } catch {
    hasSources = false;
  }
  if (!hasSources) return { state: 'fresh', info };
  const changed = newestInputMtime(root) > info.inputsMtimeMs || manifestsHash(root) !== info.manifestsHash;
  return { state: changed ? 'stale' : 'fresh', info };
}
