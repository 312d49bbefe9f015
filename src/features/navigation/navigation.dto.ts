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

export interface NavigationNode {
  id: string;
  title: string;
  description: string | null;
  link_url: string;
  display_order: number;
  is_active: boolean;
  menu_type: MenuType;
  parent_id: string | null;
  image: z.output<typeof navigationImageSchema> | null;
  version: number;
  children: NavigationNode[];
}

export const navigationNodeSchema: z.ZodType<NavigationNode> = z.lazy(() =>
  z.object({
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
    children: z.array(navigationNodeSchema),
  }),
);
