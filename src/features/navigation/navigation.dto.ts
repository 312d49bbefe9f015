import { z } from 'zod';

export const menuTypes = ['header', 'footer'] as const;
export type MenuType = (typeof menuTypes)[number];

export const navigationImageSchema = z.object({
  id: z.uuid(),
  original_url: z.string(),
  webp_url: z.string().nullable(),
  alt_text: z.string().nullable(),
  caption: z.string().nullable(),
});

/** One navigation item without its children (what the write routes answer with). */
export const navigationItemDtoSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  link_url: z.string(),
  display_order: z.number().int(),
  is_active: z.boolean(),
  menu_type: z.enum(menuTypes),
  parent_id: z.uuid().nullable(),
  image: navigationImageSchema.nullable(),
  version: z.number().int(),
});
export type NavigationItemDto = z.output<typeof navigationItemDtoSchema>;

export interface NavigationNode extends NavigationItemDto {
  children: NavigationNode[];
}

export const navigationNodeSchema: z.ZodType<NavigationNode> = z.lazy(() =>
  navigationItemDtoSchema.extend({ children: z.array(navigationNodeSchema) }),
);
