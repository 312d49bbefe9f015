import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.server';
import { defaultSeoSettings, type PublicSeoSettings } from './settings.dto';
import { seoSettings } from './settings.table';

export async function readPublicSeoSettings(db: Database): Promise<PublicSeoSettings> {
  const [row] = await db.select().from(seoSettings).where(eq(seoSettings.id, 1)).limit(1);
  if (!row) return defaultSeoSettings;
  return {
    site_title: row.site_title,
    site_description: row.site_description,
    default_og_image: row.default_og_image,
    google_analytics_id: row.google_analytics_id,
    google_tag_manager_id: row.google_tag_manager_id,
    twitter_handle: row.twitter_handle,
    facebook_page: row.facebook_page,
    instagram_url: row.instagram_url,
    youtube_url: row.youtube_url,
  };
}
