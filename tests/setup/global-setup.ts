import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadContent } from '../../src/features/seed/content-loader.server';
import { ensureSeedMedia } from '../../src/features/seed/seed-media.server';
import { clusterTemplateRoot, ensureClusterTemplate } from '../../src/platform/db/embedded-cluster.server';

/**
 * Before any test: encode the seed illustrations and make the embedded database's template cluster
 * (both cached in dist/), and build the client assets.
 */
export default async function globalSetup(): Promise<void> {
  const root = path.resolve(import.meta.dirname, '..', '..');
  const content = await loadContent(path.join(root, 'content'));
  await Promise.all([
    ensureSeedMedia(path.join(root, 'content'), path.join(root, 'dist', 'seed-media'), content.images),
    // Every test server's embedded database starts as a copy of this cluster (ADR 049).
    ensureClusterTemplate(clusterTemplateRoot(path.join(root, 'dist'))),
  ]);
  // The public site serves the built client assets: build them from the current sources.
  await promisify(execFile)(path.join(root, 'node_modules', '.bin', 'tsx'), ['scripts/build.ts', '--client-only'], {
    cwd: root,
  });
}
