import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** Hashed client asset URLs written by scripts/build.ts. */
export interface ClientManifest {
  siteJs: string;
  siteCss: string;
  fonts: string[];
  /** Module chunks the site entry imports statically, preloaded to avoid a request waterfall. */
  sitePreload: string[];
  appJs: string;
  appCss: string;
  appPreload: string[];
  /** Chunks the admin loads on demand (for budgets and benchmarks). */
  adminJs: string[];
}

export async function loadClientManifest(distDir: string): Promise<ClientManifest> {
  const file = path.join(distDir, 'client', 'manifest.json');
  try {
    return JSON.parse(await readFile(file, 'utf8')) as ClientManifest;
  } catch (error) {
    throw new Error(`The client assets are not built (${file} is missing). Run "npm run build" first.`, {
      cause: error,
    });
  }
}
