import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pageContentSchema, seedImageManifestSchema, type PageContent, type SeedImage } from './content.schema';

export interface LoadedContent {
  pages: PageContent[];
  images: SeedImage[];
}

export class ContentError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`${file}: ${problems.join('; ')}`);
    this.name = 'ContentError';
  }
}

/** Reads and validates every page file and the image manifest; throws on the first bad file. */
export async function loadContent(contentDir: string): Promise<LoadedContent> {
  const pagesDir = path.join(contentDir, 'pages');
  const files = (await readdir(pagesDir)).filter((name) => name.endsWith('.json')).sort();
  const pages: PageContent[] = [];
  for (const file of files) {
    const raw: unknown = JSON.parse(await readFile(path.join(pagesDir, file), 'utf8'));
    const result = pageContentSchema.safeParse(raw);
    if (!result.success) {
      throw new ContentError(
        `pages/${file}`,
        result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
      );
    }
    if (`${result.data.slug}.json` !== file) {
      throw new ContentError(`pages/${file}`, [`slug "${result.data.slug}" must match the file name`]);
    }
    pages.push(result.data);
  }
  const manifestRaw: unknown = JSON.parse(await readFile(path.join(contentDir, 'images', 'manifest.json'), 'utf8'));
  const manifest = seedImageManifestSchema.safeParse(manifestRaw);
  if (!manifest.success) {
    throw new ContentError(
      'images/manifest.json',
      manifest.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  return { pages, images: manifest.data };
}
