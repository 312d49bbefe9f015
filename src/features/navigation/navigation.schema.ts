import { z } from 'zod';
import { updateSchemaOf } from '../../shared/lib/update-schema';
import { locales } from '../../shared/lib/locale';
import { menuTypes } from './navigation.dto';
import { movePositions } from './navigation-move';

export const navigationMessages = {
  /** Spec section 5: 'Missing information' / 'Please provide both title and URL.' */
  missing: 'Please provide both title and URL.',
  badLink:
    'Use a site path like /cenote-diving or an address starting with https:// (other kinds of links, such as javascript: or data:, are not allowed).',
  titleTooLong: 'A title can be at most 200 characters.',
  linkTooLong: 'A URL can be at most 2048 characters.',
  descriptionTooLong: 'A description can be at most 500 characters.',
} as const;

/**
 * A navigation link: a path on this site ('/…', but not the protocol-relative '//…') or an
 * http(s) address. Everything else (javascript:, data:, mailto:, ftp:, ...) is refused, because
 * the value ends up in the href of every page's header or footer.
 */
export function isNavigationLink(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !/[\s\\]/.test(value);
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const title = z.string().trim().min(1, navigationMessages.missing).max(200, navigationMessages.titleTooLong);
const linkUrl = z
  .string()
  .trim()
  .min(1, navigationMessages.missing)
  .max(2048, navigationMessages.linkTooLong)
  .refine(isNavigationLink, navigationMessages.badLink);
/** An empty description is stored as null. */
const description = z
  .string()
  .trim()
  .max(500, navigationMessages.descriptionTooLong)
  .nullish()
  .transform((value) => value || null);

/** What the 'Add Navigation Item' dialog sends (the server validates with the same schema). */
export const navigationItemInputSchema = z.object({
  title,
  link_url: linkUrl,
  description,
  menu_type: z.enum(menuTypes),
  parent_id: z.uuid().nullish(),
  image_id: z.uuid().nullish(),
  /**
   * Where the item goes among its siblings: 1 is first. The siblings at or after that place move
   * down by one (spec section 4's insert rule); absent, or past the end, the item goes last.
   */
  display_order: z.number().int().min(1).max(100_000).optional(),
  /** The menus' language (decision 44): each language has its own header and footer. */
  locale: z.enum(locales).default('en'),
});
export type NavigationItemInput = z.output<typeof navigationItemInputSchema>;

/** What an edit may change. Menu and parent change by moving the item (navigationMoveSchema). */
export const navigationItemFieldsSchema = navigationItemInputSchema
  .omit({ menu_type: true, parent_id: true, display_order: true, locale: true })
  .extend({ is_active: z.boolean() });

/**
 * What the edit dialog sends: the version it read plus the fields that changed. No default
 * applies (decision 45): an omitted field, the description too, keeps its value.
 */
export const navigationItemPatchSchema = updateSchemaOf(navigationItemFieldsSchema).extend({
  version: z.number().int().min(1),
});
export type NavigationItemPatch = z.output<typeof navigationItemPatchSchema>;

export const navigationMoveSchema = z.object({
  targetId: z.uuid(),
  position: z.enum(movePositions),
});
