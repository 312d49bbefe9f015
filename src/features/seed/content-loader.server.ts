import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import {
  navigationContentSchema,
  pageContentSchema,
  seedImageManifestSchema,
  type PageContent,
  type SeedImage,
} from './content.schema';

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

/** The Spanish translation of one seeded page: `source` is the English page's slug (its file name). */
export interface TranslatedPageContent {
  source: string;
  page: PageContent;
}

export interface SpanishContent {
  pages: TranslatedPageContent[];
  /** Spanish alt text and caption per seeded image name. */
  images: Map<string, { alt: string; caption: string }>;
  /** The Spanish menus (`es/navigation.json`), when there are any. */
  navigation: z.output<typeof navigationContentSchema> | undefined;
}

const spanishImagesSchema = z.array(z.object({ name: z.string(), alt: z.string().min(1), caption: z.string() }));

/**
 * Reads `content/es/` (decision 44): one file per translated page, named by its English slug, its
 * own `slug` the Spanish one; the images' Spanish words. No folder: no Spanish content.
 */
export async function loadSpanishContent(contentDir: string): Promise<SpanishContent> {
  const pagesDir = path.join(contentDir, 'es', 'pages');
  const files = (await readdir(pagesDir).catch(() => [] as string[])).filter((name) => name.endsWith('.json')).sort();
  const pages: TranslatedPageContent[] = [];
  for (const file of files) {
    const raw: unknown = JSON.parse(await readFile(path.join(pagesDir, file), 'utf8'));
    const result = pageContentSchema.safeParse(raw);
    if (!result.success) {
      throw new ContentError(
        `es/pages/${file}`,
        result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
      );
    }
    pages.push({ source: file.replace(/\.json$/, ''), page: result.data });
  }
  const imagesFile = path.join(contentDir, 'es', 'images.json');
  const imagesRaw: unknown = JSON.parse(await readFile(imagesFile, 'utf8').catch(() => '[]'));
  const parsed = spanishImagesSchema.safeParse(imagesRaw);
  if (!parsed.success) {
    throw new ContentError(
      'es/images.json',
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const navigationFile = path.join(contentDir, 'es', 'navigation.json');
  const navigationText = await readFile(navigationFile, 'utf8').catch(() => undefined);
  let navigation: SpanishContent['navigation'];
  if (navigationText !== undefined) {
    const checked = navigationContentSchema.safeParse(JSON.parse(navigationText));
    if (!checked.success) {
      throw new ContentError(
        'es/navigation.json',
        checked.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
      );
    }
    navigation = checked.data;
  }
  return {
    pages,
    images: new Map(parsed.data.map(({ name, alt, caption }) => [name, { alt, caption }])),
    navigation,
  };
}
