import { defaultLocale } from '../../shared/lib/locale';
import { siteText, type SiteText } from '../../shared/i18n/site-text';
import { useBlockRenderContext } from './render-context';

/**
 * The renderers' own words (buttons, labels; never the editors' content) in the page's language,
 * from the site's catalog. For renderers that run on the server (and in the admin's previews)
 * only: an island gets its words as props instead, so i18next never reaches the public page's JS.
 */
export function useBlockText(): SiteText {
  return siteText(useBlockRenderContext().locale ?? defaultLocale);
}
