import path from 'node:path';
import { loadContent } from '../../src/features/seed/content-loader.server';
import { ensureSeedMedia } from '../../src/features/seed/seed-media.server';

/** Encode the seed illustrations once, before any test seeds a site (the cache makes later runs instant). */
export default async function globalSetup(): Promise<void> {
  const root = path.resolve(import.meta.dirname, '..', '..');
  const content = await loadContent(path.join(root, 'content'));
  await ensureSeedMedia(path.join(root, 'content'), path.join(root, 'dist', 'seed-media'), content.images);
}
