import { access, readdir, readFile } from 'node:fs/promises';
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

const spanishImagesSchema = z.array(z.object({ name: z.string(), alt: z.string().min(1), caption: z.string() }));

export class ContentError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`${file}: ${problems.join('; ')}`);
    this.name = 'ContentError';
  }
}

/** The file's content checked against its schema; a ContentError naming the file and each problem otherwise. */
function parseContent<T>(schema: z.ZodType<T>, raw: unknown, file: string): T {
  const result = schema.safeParse(raw);
  if (!result.success) {
    throw new ContentError(
      file,
      result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  return result.data;
}

/** The `.json` files of a folder, sorted; none when `missingIsEmpty` and the folder does not exist. */
async function jsonFiles(dir: string, missingIsEmpty = false): Promise<string[]> {
  const names = await readdir(dir).catch((error: unknown) => {
    if (missingIsEmpty) return [] as string[];
    throw error;
  });
  return names.filter((name) => name.endsWith('.json')).sort();
}

async function readImageManifest(contentDir: string): Promise<SeedImage[]> {
  const raw: unknown = JSON.parse(await readFile(path.join(contentDir, 'images', 'manifest.json'), 'utf8'));
  return parseContent(seedImageManifestSchema, raw, 'images/manifest.json');
}

/** The images' Spanish words (`es/images.json`); none without that file. */
async function readSpanishImages(contentDir: string): Promise<z.output<typeof spanishImagesSchema>> {
  const raw: unknown = JSON.parse(await readFile(path.join(contentDir, 'es', 'images.json'), 'utf8').catch(() => '[]'));
  return parseContent(spanishImagesSchema, raw, 'es/images.json');
}

/** Reads and validates every page file and the image manifest; throws on the first bad file. */
export async function loadContent(contentDir: string): Promise<LoadedContent> {
  const pagesDir = path.join(contentDir, 'pages');
  const files = await jsonFiles(pagesDir);
  const pages: PageContent[] = [];
  for (const file of files) {
    const raw: unknown = JSON.parse(await readFile(path.join(pagesDir, file), 'utf8'));
    const page = parseContent(pageContentSchema, raw, `pages/${file}`);
    if (`${page.slug}.json` !== file) {
      throw new ContentError(`pages/${file}`, [`slug "${page.slug}" must match the file name`]);
    }
    pages.push(page);
  }
  return { pages, images: await readImageManifest(contentDir) };
}

/**
 * Every key the seed records once it has created everything in `contentDir`, in the order a seed
 * run reports them, found from file names and the two small image lists alone (no page file is
 * read). A start on seeded data compares these with the recorded keys and skips reading and
 * validating 2 MB of page files when nothing is new. The Spanish menus' key comes before the
 * English one's, as the run creates them.
 */
export async function seedKeys(contentDir: string): Promise<string[]> {
  const withoutExtension = (files: string[]) => files.map((file) => file.replace(/\.json$/, ''));
  const imageNames = (await readImageManifest(contentDir)).map((image) => image.name);
  const spanishImageNames = new Set((await readSpanishImages(contentDir)).map((image) => image.name));
  const spanishNavigation = await access(path.join(contentDir, 'es', 'navigation.json')).then(
    () => true,
    () => false,
  );
  return [
    'settings',
    ...imageNames.map((name) => `image:${name}`),
    ...withoutExtension(await jsonFiles(path.join(contentDir, 'pages'))).map((slug) => `page:${slug}`),
    ...[...spanishImageNames].map((name) => `image:es:${name}`),
    ...withoutExtension(await jsonFiles(path.join(contentDir, 'es', 'pages'), true)).map(
      (source) => `page:es:${source}`,
    ),
    ...(spanishNavigation ? ['navigation:es'] : []),
    'navigation',
  ];
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

/**
 * Reads `content/es/` (decision 44): one file per translated page, named by its English slug, its
 * own `slug` the Spanish one; the images' Spanish words. No folder: no Spanish content.
 */
export async function loadSpanishContent(contentDir: string): Promise<SpanishContent> {
  const pagesDir = path.join(contentDir, 'es', 'pages');
  const files = await jsonFiles(pagesDir, true);
  const pages: TranslatedPageContent[] = [];
  for (const file of files) {
    const raw: unknown = JSON.parse(await readFile(path.join(pagesDir, file), 'utf8'));
    pages.push({ source: file.replace(/\.json$/, ''), page: parseContent(pageContentSchema, raw, `es/pages/${file}`) });
  }
  const spanishImages = await readSpanishImages(contentDir);
  const navigationFile = path.join(contentDir, 'es', 'navigation.json');
  const navigationText = await readFile(navigationFile, 'utf8').catch(() => undefined);
  const navigation =
    navigationText === undefined
      ? undefined
      : parseContent(navigationContentSchema, JSON.parse(navigationText), 'es/navigation.json');
  return {
    pages,
    images: new Map(spanishImages.map(({ name, alt, caption }) => [name, { alt, caption }])),
    navigation,
  };
}
