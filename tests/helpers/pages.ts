import { and, eq, type SQL } from 'drizzle-orm';
import { pages } from '../../src/features/pages/pages.table';
import type { Locale } from '../../src/shared/lib/locale';

/**
 * The condition for one page by its slug. A slug is unique per locale only: many Spanish pages keep
 * the English slug, and without the locale PostgreSQL may answer either row (its order moves as rows
 * are updated), so a test would edit one page and read the other.
 */
export function pageWithSlug(slug: string, locale: Locale = 'en'): SQL {
  return and(eq(pages.slug, slug), eq(pages.locale, locale))!;
}
