import { z } from 'zod';
import { findingCodes } from './publish-checks';

/** One finding of the publish check, as GET /api/v1/pages/:id/checks lists them (errors first). */
export const findingSchema = z.object({
  level: z
    .enum(['error', 'warning'])
    .describe("'error': a link that leads visitors nowhere; publishing over it takes a confirm"),
  code: z.enum(findingCodes),
  message: z.string().describe('One sentence for the editor, naming the block when there is one'),
  block_id: z.uuid().optional().describe('The block it is about, when it is about one'),
});
export type FindingDto = z.output<typeof findingSchema>;

export const healthFindingSchema = findingSchema.extend({
  copies: z
    .array(z.enum(['draft', 'live']))
    .describe("Where it is: the page's draft, its live copy, or both (a page without unpublished changes)"),
});
export type HealthFindingDto = z.output<typeof healthFindingSchema>;

const pageRef = { page_id: z.uuid(), title: z.string(), path: z.string() };

export const siteHealthSchema = z.object({
  summary: z.object({
    pages_checked: z.number().int(),
    errors: z.number().int(),
    warnings: z.number().int(),
    broken_links: z.number().int(),
    missing_alt: z.number().int(),
    orphans: z.number().int(),
  }),
  pages: z.array(
    z.object({
      ...pageRef,
      is_published: z.boolean(),
      has_unpublished_changes: z.boolean(),
      findings: z.array(healthFindingSchema),
    }),
  ),
  orphans: z
    .array(z.object(pageRef))
    .describe('Live pages (not the home page) that no other live page and no navigation item links to'),
});
export type SiteHealthDto = z.output<typeof siteHealthSchema>;
