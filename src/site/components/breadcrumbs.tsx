import { ChevronRight } from 'lucide-react';
import type { Crumb } from '../breadcrumbs';
import { useSiteLocale } from '../../shared/i18n/site-locale';

/**
 * Home › section › page, under the header; the last crumb is the page itself (not a link). The
 * trail comes translated (breadcrumbTrail's locale); the landmark's name is in the page's language.
 */
export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  const { t } = useSiteLocale();
  return (
    <nav
      aria-label={t('breadcrumbs.label')}
      className="border-b border-stone-200/70 bg-limestone-100/60 dark:border-white/10 dark:bg-abyss-900/60"
    >
      <ol className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-1.5 gap-y-1 px-5 py-2.5 text-sm text-stone-600 sm:px-8 dark:text-stone-400">
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1;
          return (
            <li key={`${crumb.href}-${index}`} className="flex min-w-0 items-center gap-1.5">
              {index > 0 ? (
                <ChevronRight aria-hidden="true" className="size-3.5 shrink-0 text-stone-400 dark:text-stone-500" />
              ) : null}
              {last ? (
                <span aria-current="page" className="truncate font-medium text-stone-900 dark:text-stone-100">
                  {crumb.title}
                </span>
              ) : (
                <a
                  href={crumb.href}
                  className="rounded-sm underline-offset-4 transition hover:text-lagoon-800 hover:underline dark:hover:text-lagoon-200"
                >
                  {crumb.title}
                </a>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
