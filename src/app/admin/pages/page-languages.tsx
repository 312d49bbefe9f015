import { Languages, Plus, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { localeNames, locales, type Locale } from '../../../shared/lib/locale';
import { Button } from '../../../shared/ui/button';
import { Spinner } from '../../../shared/ui/spinner';
import { pageStatusOf } from './editorial-actions';
import type { PageDto } from '../../../features/pages/pages.dto';
import { counterpartOf, type AdminPage, type PageTranslation } from './page-types';
import { useAddTranslation } from './translations-api';

/* The admin's side of decision 44: which languages a page has, and moving between them. */

const languageNames: Record<Locale, string> = { en: 'English', es: 'Spanish' };

const dotTones: Record<string, string> = {
  Draft: 'border border-stone-400 bg-transparent dark:border-stone-500',
  'Unpublished changes': 'bg-amber-500',
  Published: 'bg-emerald-600 dark:bg-emerald-400',
};

/** A small dot for where a page stands for visitors (filled: live; hollow: draft only). */
function StatusDot({ page }: { page: Pick<PageTranslation, 'is_published' | 'has_unpublished_changes'> }) {
  const { label } = pageStatusOf(page);
  return <span aria-hidden="true" className={`inline-block size-2 shrink-0 rounded-full ${dotTones[label] ?? ''}`} />;
}

const outOfDateBadge =
  'inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900 dark:bg-amber-950 dark:text-amber-200';

/**
 * The editor's language switch: the page in each language, the one open marked current. Plain
 * links, so leaving goes through the router and the editor's unsaved-edits guard asks as it does
 * for any other way out.
 */
export function LanguageSwitch({ page }: { page: PageDto }) {
  const own = page.locale;
  const other = counterpartOf(page);
  if (!other) return null;
  const item =
    'inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm font-medium whitespace-nowrap outline-offset-1 transition';
  return (
    <div className="flex flex-wrap items-center gap-2">
      {own === 'en' && other.out_of_date ? (
        <span className={outOfDateBadge}>
          <TriangleAlert aria-hidden="true" className="size-3" /> Spanish translation out of date
        </span>
      ) : null}
      <nav
        aria-label="Language"
        className="inline-flex items-center gap-0.5 rounded-lg bg-stone-100 p-1 ring-1 ring-stone-200 dark:bg-white/5 dark:ring-white/10"
      >
        {locales.map((locale) =>
          locale === own ? (
            <Link
              key={locale}
              to={`/admin/pages/${page.id}`}
              aria-current="page"
              lang={locale}
              className={`${item} bg-white text-stone-900 shadow-sm ring-1 ring-stone-200 dark:bg-abyss-800 dark:text-stone-50 dark:ring-white/15`}
            >
              {localeNames[locale]}
            </Link>
          ) : (
            <Link
              key={locale}
              to={`/admin/pages/${other.id}`}
              lang={locale}
              title={`${languageNames[locale]} version: ${pageStatusOf(other).label}${other.out_of_date ? ', out of date' : ''} (${other.path})`}
              className={`${item} text-stone-600 hover:bg-white/70 hover:text-stone-900 dark:text-stone-300 dark:hover:bg-white/10 dark:hover:text-stone-50`}
            >
              {localeNames[locale]}
              <StatusDot page={other} />
            </Link>
          ),
        )}
      </nav>
    </div>
  );
}

/** On an English page without a Spanish version: creates it (see useAddTranslation). */
export function AddTranslationButton({ busy, onAdd }: { busy: boolean; onAdd: () => void }) {
  return (
    <Button variant="secondary" busy={busy} icon={<Languages aria-hidden="true" className="size-4" />} onClick={onAdd}>
      Add Spanish translation
    </Button>
  );
}

/**
 * The editor's languages: the switch when the page has its other language, else 'Add Spanish
 * translation' on an English page. `flushAll` saves the open edits first, so the copy has them.
 */
export function PageLanguageActions({
  page,
  title,
  flushAll,
  onRefused,
}: {
  page: PageDto;
  title: string;
  flushAll: () => Promise<boolean>;
  onRefused: () => void;
}) {
  const translating = useAddTranslation();
  if (counterpartOf(page)) return <LanguageSwitch page={page} />;
  if (page.locale !== 'en') return null;
  return (
    <AddTranslationButton
      busy={translating.busyId === page.id}
      onAdd={() => void translating.add({ id: page.id, title }, { before: flushAll, onRefused })}
    />
  );
}

/** On a Spanish page whose English source went live after it was last edited. */
export function TranslationOutOfDateNotice({ page }: { page: PageDto }) {
  const source = counterpartOf(page);
  if (page.locale !== 'es' || page.translation_out_of_date !== true) return null;
  return (
    <div
      role="note"
      aria-label="Translation out of date"
      className="mt-4 flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50/70 px-3 py-2.5 text-sm text-amber-950 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-300" />
      <p className="min-w-0">
        <strong className="font-semibold">Translation out of date.</strong>{' '}
        {source ? (
          <>
            The English page “{source.title}” was published after this translation was last edited: bring its changes
            over, then publish this page.{' '}
            <Link
              to={`/admin/pages/${source.id}`}
              className="font-semibold whitespace-nowrap text-amber-900 underline underline-offset-2 hover:text-amber-950 dark:text-amber-200"
            >
              Open the English page
            </Link>
          </>
        ) : (
          <>The English page was published after this translation was last edited.</>
        )}
      </p>
    </div>
  );
}

const chip =
  'inline-flex h-6 items-center gap-1 rounded-md px-1.5 text-xs font-semibold tracking-wide whitespace-nowrap';

/**
 * The pages list's Languages cell: EN (the row itself) and ES, a link to the Spanish editor with
 * its state, or 'Add ES' when there is none; 'Translation out of date' when it lags the English page.
 */
export function PageLanguagesCell({ page, adding, onAdd }: { page: AdminPage; adding: boolean; onAdd: () => void }) {
  const spanish = page.translations?.find((translation) => translation.locale === 'es');
  const status = spanish ? pageStatusOf(spanish) : null;
  return (
    <div role="group" aria-label={`Languages of ${page.title}`} className="flex flex-wrap items-center gap-1.5">
      <span
        title="English (this page)"
        className={`${chip} bg-stone-100 text-stone-700 dark:bg-white/10 dark:text-stone-200`}
      >
        EN<span className="sr-only"> (English)</span>
      </span>
      {spanish && status ? (
        <>
          <Link
            to={`/admin/pages/${spanish.id}`}
            title={`Edit the Spanish translation: ${status.label} (${spanish.path})`}
            className={`${chip} text-lagoon-800 ring-1 ring-lagoon-200 hover:bg-lagoon-50 dark:text-lagoon-200 dark:ring-lagoon-800 dark:hover:bg-white/5`}
          >
            ES
            <StatusDot page={spanish} />
            {status.label === 'Published' ? null : (
              <span className="font-normal tracking-normal text-stone-600 dark:text-stone-400">
                {status.label === 'Draft' ? 'draft' : 'changes'}
              </span>
            )}
            <span className="sr-only">{` (Spanish: ${status.label.toLowerCase()})`}</span>
          </Link>
          {spanish.out_of_date ? (
            <span className={outOfDateBadge}>
              <TriangleAlert aria-hidden="true" className="size-3" /> Translation out of date
            </span>
          ) : null}
        </>
      ) : (
        <button
          type="button"
          onClick={onAdd}
          disabled={adding}
          aria-busy={adding || undefined}
          title="Add a Spanish translation: a draft copy of this page, opened in the editor"
          className={`${chip} border border-dashed border-stone-300 font-medium tracking-normal text-stone-600 hover:border-stone-400 hover:bg-stone-50 hover:text-stone-900 disabled:opacity-60 dark:border-white/20 dark:text-stone-400 dark:hover:bg-white/5 dark:hover:text-stone-100`}
        >
          {adding ? <Spinner className="size-3" /> : <Plus aria-hidden="true" className="size-3" />}
          Add ES<span className="sr-only">{` (Spanish translation of ${page.title})`}</span>
        </button>
      )}
    </div>
  );
}
