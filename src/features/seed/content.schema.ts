import { z } from 'zod';
import { blockDefinitions, blockTypes, type BlockType } from '../blocks/registry';
import { knownPageTypes, pageSeoFieldsSchema, slugSchema } from '../pages/pages.schema';

/** One editorial page as written under content/pages/<slug>.json. */
export const contentBlockSchema = z
  .object({
    type: z.enum(blockTypes as [BlockType, ...BlockType[]]),
    data: z.record(z.string(), z.unknown()),
  })
  .superRefine((block, ctx) => {
    const result = blockDefinitions[block.type].schema.safeParse(block.data);
    if (!result.success) {
      for (const issue of result.error.issues) {
        ctx.addIssue({ code: 'custom', path: ['data', ...issue.path], message: issue.message });
      }
    }
  });

export const pageContentSchema = pageSeoFieldsSchema.extend({
  slug: slugSchema,
  title: z.string().trim().min(1).max(200),
  excerpt: z.string().trim().min(1).max(400),
  page_type: z.enum(knownPageTypes).default('standard'),
  sort_order: z.number().int().min(0),
  blocks: z.array(contentBlockSchema).min(3),
});

export type PageContent = z.output<typeof pageContentSchema>;

/** One generated illustration under content/images/<name>.svg. */
export const seedImageSchema = z.object({
  name: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  alt: z.string().trim().min(10).max(300),
  caption: z.string().trim().max(300).default(''),
  category: z.string().trim().max(60).default('illustration'),
});

export const seedImageManifestSchema = z.array(seedImageSchema);
export type SeedImage = z.output<typeof seedImageSchema>;

/** Seeded images are referenced from content as /media/seed/<name>.jpg. */
export const seedImagePattern = /^\/media\/seed\/([a-z0-9-]+)\.jpg$/;

export function seedImageUrl(name: string): string {
  return `/media/seed/${name}.jpg`;
}

/** Words a visitor reads in a block: every string in its data, HTML tags removed. */
export function countWords(value: unknown): number {
  if (typeof value === 'string') {
    if (/^(\/|https?:|mailto:|#)/.test(value) || /^bg-|^text-/.test(value)) return 0;
    const text = value.replace(/<[^>]*>/g, ' ').replace(/&[a-z#0-9]+;/gi, ' ');
    return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  }
  if (Array.isArray(value)) return value.reduce<number>((sum, item) => sum + countWords(item), 0);
  if (value && typeof value === 'object') {
    return Object.values(value).reduce<number>((sum, item) => sum + countWords(item), 0);
  }
  return 0;
}

export function pageWordCount(page: Pick<PageContent, 'blocks'>): number {
  return page.blocks.reduce((sum, block) => sum + countWords(block.data), 0);
}

/** A menu entry in navigation.json (and es/navigation.json). */
const navigationItemSchema: z.ZodType<NavigationContentItem> = z.lazy(() =>
  z.object({
    title: z.string().trim().min(1).max(100),
    link_url: z.string().trim().min(1).max(2048),
    description: z.string().trim().max(300).optional(),
    children: z.array(navigationItemSchema).optional(),
  }),
);
export interface NavigationContentItem {
  title: string;
  link_url: string;
  description?: string | undefined;
  children?: NavigationContentItem[] | undefined;
}
export const navigationContentSchema = z.object({
  header: z.array(navigationItemSchema),
  footer: z.array(navigationItemSchema),
});
