import { Search, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { defaultLocale, searchPath, type Locale } from '../../shared/lib/locale';
import type { SearchSuggestion } from '../../features/site-data/site-types';

const debounceMs = 120;

/** The box's words in the page's language (the server builds them from the site's catalog). */
export interface SearchBoxStrings {
  label: string;
  placeholder: string;
  clear: string;
  suggestions: string;
}

/** The suggestions request: pages of the page's language (English asks without a locale). */
export function suggestionsUrl(query: string, locale: Locale): string {
  const language = locale === defaultLocale ? '' : `&locale=${locale}`;
  return `/api/v1/search?limit=6&q=${encodeURIComponent(query)}${language}`;
}

/**
 * 'Search cenotes...': suggestions from the real published content as you type; choosing one
 * navigates and clears the box; Enter on a non-empty query opens the results page.
 *
 * The WAI-ARIA APG editable combobox with list autocomplete: role="combobox" belongs on an
 * `input type="text"` (HTML allows neither the role nor aria-expanded on type="search"). What
 * type="search" gave for free is kept: the search key on phone keyboards (enterKeyHint), a clear
 * button, and Escape clearing the box once the list is closed. `idPrefix` is unique per page
 * ('desktop', 'mobile'), so the ids match between the server render and hydration. Suggestions
 * and the results page are those of the page's language (`/search`, `/es/buscar`).
 */
export function SearchBox({
  idPrefix,
  locale,
  strings,
}: {
  idPrefix: string;
  locale: Locale;
  strings: SearchBoxStrings;
}) {
  const [query, setQuery] = useState('');
  const [suggestions, setSuggestions] = useState<SearchSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = `${idPrefix}-search-suggestions`;
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const trimmed = query.trim();
    if (trimmed === '') {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(suggestionsUrl(trimmed, locale), { signal: controller.signal })
        .then((response) =>
          response.ok ? (response.json() as Promise<{ results: SearchSuggestion[] }>) : { results: [] },
        )
        .then((body) => {
          setSuggestions(body.results);
          setActive(-1);
          setOpen(true);
        })
        .catch(() => {});
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, locale]);

  const choose = (suggestion: SearchSuggestion) => {
    setQuery('');
    setSuggestions([]);
    setOpen(false);
    window.location.assign(suggestion.path);
  };

  const showList = open && query.trim() !== '' && suggestions.length > 0;

  const clear = () => {
    setQuery('');
    setSuggestions([]);
    setActive(-1);
    setOpen(false);
  };

  return (
    <form
      role="search"
      action={searchPath(locale)}
      method="get"
      className="relative"
      onSubmit={(event) => {
        event.preventDefault();
        const chosen = active >= 0 ? suggestions[active] : undefined;
        if (chosen) return choose(chosen);
        const trimmed = query.trim();
        if (trimmed !== '') window.location.assign(`${searchPath(locale)}?q=${encodeURIComponent(trimmed)}`);
      }}
    >
      <label htmlFor={`${idPrefix}-search`} className="sr-only">
        {strings.label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-stone-500"
      />
      <input
        ref={inputRef}
        id={`${idPrefix}-search`}
        name="q"
        type="text"
        enterKeyHint="search"
        autoComplete="off"
        spellCheck={false}
        placeholder={strings.placeholder}
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            // First Escape closes the list, the next one clears the box (APG; what type="search" did).
            if (showList) setOpen(false);
            else if (query !== '') clear();
            return;
          }
          if (!showList) {
            if (event.key === 'ArrowDown' && suggestions.length > 0 && query.trim() !== '') {
              event.preventDefault();
              setOpen(true);
              setActive(0);
            }
            return;
          }
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setActive((index) => (index + 1) % suggestions.length);
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
          }
        }}
        className={`w-full rounded-full border border-stone-300 bg-white py-2 pl-10 text-sm text-stone-900 placeholder:text-stone-500 focus:border-lagoon-500 focus:ring-2 focus:ring-lagoon-200 focus:outline-none dark:border-white/15 dark:bg-abyss-900 dark:text-stone-100 dark:placeholder:text-stone-400 dark:focus:ring-lagoon-800 ${query === '' ? 'pr-4' : 'pr-9'}`}
      />
      {query === '' ? null : (
        // Pointer users' clear button, like the one type="search" drew; keyboards use Escape.
        <button
          type="button"
          tabIndex={-1}
          aria-label={strings.clear}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            clear();
            inputRef.current?.focus();
          }}
          className="absolute top-1/2 right-2.5 flex size-6 -translate-y-1/2 items-center justify-center rounded-full text-stone-500 hover:bg-stone-100 hover:text-stone-800 dark:text-stone-400 dark:hover:bg-white/10 dark:hover:text-stone-100"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      )}
      <ul
        id={listId}
        role="listbox"
        aria-label={strings.suggestions}
        hidden={!showList}
        className="absolute top-full right-0 z-50 mt-2 w-[min(90vw,24rem)] overflow-hidden rounded-2xl border border-stone-200 bg-white py-1 shadow-2xl dark:border-white/10 dark:bg-abyss-900"
      >
        {suggestions.map((suggestion, index) => (
          <li
            key={suggestion.path}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            onMouseDown={(event) => {
              event.preventDefault();
              choose(suggestion);
            }}
            onMouseEnter={() => setActive(index)}
            className="cursor-pointer px-4 py-2.5 aria-selected:bg-lagoon-50 dark:aria-selected:bg-white/5"
          >
            <span className="block text-sm font-semibold text-stone-900 dark:text-stone-100">{suggestion.title}</span>
            <span className="line-clamp-1 block text-xs text-stone-500 dark:text-stone-400">{suggestion.excerpt}</span>
          </li>
        ))}
      </ul>
    </form>
  );
}
