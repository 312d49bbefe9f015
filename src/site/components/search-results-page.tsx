import { searchPath } from '../../shared/lib/locale';
import { useSiteLocale } from '../../shared/i18n/site-locale';
import type { SearchSuggestion } from '../../features/site-data/site-types';

/** The results page, in the page's language (from SiteLayout); its form searches that language again. */
export function SearchResultsPage({ query, results }: { query: string; results: SearchSuggestion[] }) {
  const { locale, t } = useSiteLocale();
  return (
    <div className="mx-auto max-w-3xl px-5 py-16 sm:px-8 md:py-20">
      <h1 className="font-display text-4xl font-semibold tracking-tight text-stone-900 dark:text-stone-50">
        {query ? t('searchPage.resultsFor', { query }) : t('searchPage.title')}
      </h1>
      <form action={searchPath(locale)} method="get" role="search" className="mt-8 flex gap-3">
        <label htmlFor="results-search" className="sr-only">
          {t('searchPage.inputLabel')}
        </label>
        <input
          id="results-search"
          type="search"
          name="q"
          defaultValue={query}
          placeholder={t('search.placeholder')}
          className="min-w-0 flex-1 rounded-full border border-stone-300 bg-white px-5 py-3 text-stone-900 focus:border-lagoon-500 focus:ring-2 focus:ring-lagoon-200 focus:outline-none dark:border-white/15 dark:bg-abyss-900 dark:text-stone-100"
        />
        <button
          type="submit"
          className="rounded-full bg-lagoon-700 px-6 py-3 font-semibold text-white hover:bg-lagoon-800"
        >
          {t('searchPage.submit')}
        </button>
      </form>
      <p className="mt-6 text-sm text-stone-600 dark:text-stone-400" role="status">
        {query ? t('searchPage.matches', { count: results.length }) : t('searchPage.hint')}
      </p>
      <ol className="mt-6 space-y-4">
        {results.map((result) => (
          <li key={result.path}>
            <a
              href={result.path}
              className="block rounded-2xl border border-stone-200 bg-white p-6 transition hover:border-lagoon-300 hover:shadow-lg dark:border-white/10 dark:bg-abyss-900"
            >
              <span className="block font-display text-xl font-semibold text-stone-900 dark:text-stone-50">
                {result.title}
              </span>
              <span className="mt-1 block font-mono text-xs text-lagoon-700 dark:text-lagoon-300">{result.path}</span>
              {result.snippet ? (
                <span
                  className="mt-3 block leading-relaxed text-stone-600 dark:text-stone-400 [&_mark]:rounded [&_mark]:bg-lagoon-100 [&_mark]:px-0.5 [&_mark]:text-stone-900"
                  // The snippet is built by the search service: HTML-escaped text with <mark> tags only.
                  dangerouslySetInnerHTML={{ __html: result.snippet }}
                />
              ) : (
                <span className="mt-3 block leading-relaxed text-stone-600 dark:text-stone-400">{result.excerpt}</span>
              )}
            </a>
          </li>
        ))}
      </ol>
    </div>
  );
}
