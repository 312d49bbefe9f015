import { pagePath } from '../../shared/lib/locale';
import { useSiteLocale } from '../../shared/i18n/site-locale';

export interface NotFoundPageProps {
  /** The big number: the HTTP status this page answers with. */
  code?: string;
  /** Default: the catalog's 'Oops! Page not found', in the page's language. */
  heading?: string;
  /** Default: the catalog's 'This passage ends here…', in the page's language. */
  message?: string;
}

/**
 * The site's 'nothing here' page; preview links that no longer work say why in the same style.
 * Its language comes from SiteLayout; the way back leads to that language's home page.
 */
export function NotFoundPage({ code = '404', heading, message }: NotFoundPageProps) {
  const { locale, t } = useSiteLocale();
  return (
    <div className="relative isolate overflow-hidden px-5 py-28 text-center sm:py-36">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_50%_0%,rgba(44,200,195,0.25),transparent_55%)]"
      />
      <p className="font-display text-8xl font-semibold text-lagoon-600 sm:text-9xl dark:text-lagoon-300">{code}</p>
      <h1 className="mt-4 font-display text-3xl font-semibold text-stone-900 sm:text-4xl dark:text-stone-50">
        {heading ?? t('notFound.heading')}
      </h1>
      <p className="mx-auto mt-4 max-w-md text-lg text-stone-600 dark:text-stone-400">
        {message ?? t('notFound.message')}
      </p>
      <a
        href={pagePath(locale, 'home')}
        className="mt-10 inline-flex items-center gap-2 rounded-full bg-lagoon-700 px-6 py-3 font-semibold text-white shadow-lg transition hover:bg-lagoon-800"
      >
        <span aria-hidden="true">←</span> {t('notFound.backHome')}
      </a>
    </div>
  );
}
