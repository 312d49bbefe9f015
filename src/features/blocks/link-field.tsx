import { FileText } from 'lucide-react';
import { useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import { inputClass } from '../../shared/ui/field';
import { maxPageSuggestions, nextActiveIndex, pageSearchTermOf } from './link-field-query';
import { usePageLinkSearch, type PageLinkOption } from './page-link-search';

/** Typing waits this long before searching; the list itself opens at once on an arrow key. */
const typingDelayMs = 150;

/** Where the active option starts when a search answers: none while typing, first or last on an arrow key. */
type StartAt = 'none' | 'first' | 'last';

interface SearchRequest {
  term: string;
  startAt: StartAt;
  delay: number;
  /** The field's text when typed: a complete page path needs no suggestions. */
  typed?: string;
}

export interface PageLinkInputProps {
  /** The input's id; the list's ids derive from it. */
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Enter while no page is highlighted (the rich text link prompt applies its link). */
  onEnter?: () => void;
  /** A page was chosen from the list (after onChange has its path): e.g. to name the link after it. */
  onPagePicked?: (option: PageLinkOption) => void;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: true | undefined;
  placeholder?: string;
  maxLength?: number;
  autoFocus?: boolean;
  /** Replaces the input's classes (the compact link prompt). */
  inputClassName?: string;
}

/**
 * A link address that can also be found by page title: typing 'safety' (or '/safety') lists the
 * matching pages, and choosing one fills its path ('/safety-guidelines'). Any other address
 * (https://…, mailto:…, #anchor, /path?query) is typed as before. The WAI-ARIA APG editable
 * combobox with list autocomplete: the arrows move the highlighted page (aria-activedescendant),
 * Enter chooses it, Escape closes the list, and the text is never changed until a page is chosen.
 * Without a page search in context (public site, tests) it is a plain text input.
 */
export function PageLinkInput({
  id,
  value,
  onChange,
  onEnter,
  onPagePicked,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  placeholder,
  maxLength = 2048,
  autoFocus,
  inputClassName = `${inputClass} font-mono`,
}: PageLinkInputProps) {
  const pageSearch = usePageLinkSearch();
  const [request, setRequest] = useState<SearchRequest | null>(null);
  const [options, setOptions] = useState<PageLinkOption[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState('');
  const listId = `${id}-pages`;
  const optionId = (index: number) => `${id}-page-${index}`;

  useEffect(() => {
    if (!pageSearch || request === null) return;
    let current = true;
    const timer = setTimeout(() => {
      pageSearch
        .search(request.term)
        .then((found) => {
          if (!current) return;
          const list = found.slice(0, maxPageSuggestions);
          // A page's whole path, typed or pasted, is already the answer: no list over the fields below.
          const complete = request.typed !== undefined && list.some((option) => option.path === request.typed);
          setOptions(list);
          setOpen(list.length > 0 && !complete);
          setActive(list.length === 0 ? -1 : { none: -1, first: 0, last: list.length - 1 }[request.startAt]);
          setStatus(
            complete
              ? ''
              : list.length === 0
                ? 'No pages match.'
                : `${list.length} ${list.length === 1 ? 'page matches' : 'pages match'}. Arrow keys to choose, Enter to link it.`,
          );
        })
        .catch(() => {
          // A failed search only means no suggestions; the typed address still works.
          if (!current) return;
          setOptions([]);
          setOpen(false);
          setActive(-1);
        });
    }, request.delay);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [pageSearch, request]);

  const activeId = open && active >= 0 ? optionId(active) : undefined;
  // The highlighted page stays in view in a list that scrolls.
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  function close() {
    setRequest(null);
    setOpen(false);
    setActive(-1);
    setStatus('');
  }

  const choose = (option: PageLinkOption) => {
    close();
    onChange(option.path);
    onPagePicked?.(option);
    setStatus(`Links to ${option.title}, ${option.path}.`);
  };

  const openList = (startAt: StartAt) => {
    if (!pageSearch) return;
    // The arrow keys list pages even for an address that is not a page search: '' lists them all.
    setRequest({ term: pageSearchTermOf(value) ?? '', startAt, delay: 0 });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (!pageSearch) return;
        event.preventDefault();
        if (open) setActive((index) => nextActiveIndex(index, options.length, event.key as 'ArrowDown' | 'ArrowUp'));
        else openList(event.altKey ? 'none' : event.key === 'ArrowDown' ? 'first' : 'last');
        return;
      }
      case 'Enter': {
        const option = open && active >= 0 ? options[active] : undefined;
        if (option) {
          event.preventDefault();
          choose(option);
        } else if (onEnter) {
          event.preventDefault();
          close();
          onEnter();
        }
        return;
      }
      case 'Escape':
        // The first Escape only closes the list; the dialog or prompt around keeps it for itself.
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          close();
        }
        return;
    }
  };

  const input = (
    <input
      id={id}
      type="text"
      inputMode="url"
      autoComplete="off"
      spellCheck={false}
      autoFocus={autoFocus}
      value={value}
      maxLength={maxLength}
      placeholder={placeholder}
      aria-describedby={describedBy}
      aria-invalid={invalid}
      {...(pageSearch
        ? {
            role: 'combobox',
            'aria-autocomplete': 'list' as const,
            'aria-expanded': open,
            'aria-controls': listId,
            'aria-activedescendant': activeId,
          }
        : {})}
      onChange={(event) => {
        const text = event.target.value;
        onChange(text);
        if (!pageSearch) return;
        const term = pageSearchTermOf(text);
        if (term === null) close();
        else setRequest({ term, startAt: 'none', delay: typingDelayMs, typed: text.trim() });
      }}
      onKeyDown={onKeyDown}
      onBlur={close}
      className={inputClassName}
    />
  );
  if (!pageSearch) return input;

  return (
    <div className="relative">
      {input}
      <ul
        id={listId}
        role="listbox"
        aria-label="Pages"
        hidden={!open}
        className="absolute top-full right-0 left-0 z-40 mt-1 max-h-96 min-w-64 overflow-y-auto rounded-lg border border-stone-200 bg-white py-1 shadow-lg dark:border-white/10 dark:bg-abyss-900"
      >
        {options.map((option, index) => (
          <li
            key={option.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            // Keeps the focus (and the list) in the input while a pointer chooses.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
            onMouseMove={() => index !== active && setActive(index)}
            className="flex cursor-pointer items-start gap-2.5 px-3 py-2 aria-selected:bg-lagoon-100 dark:aria-selected:bg-white/10"
          >
            <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-stone-400" />
            <span className="min-w-0 flex-1">
              <span className="block text-sm font-medium break-words text-stone-900 dark:text-stone-100">
                {option.title}
              </span>
              <span className="block font-mono text-xs break-all text-stone-600 dark:text-stone-400">
                {option.path}
              </span>
            </span>
            {option.published ? null : (
              <span className="shrink-0 rounded bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200">
                <span className="sr-only">, </span>Not published
              </span>
            )}
          </li>
        ))}
      </ul>
      <p role="status" className="sr-only">
        {status}
      </p>
    </div>
  );
}

/** The link fields of the block editors and dialogs: label, hint and error around PageLinkInput. */
export function LinkField({
  id,
  label,
  value,
  onChange,
  onPagePicked,
  hint,
  error,
  placeholder,
  className = '',
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onPagePicked?: (option: PageLinkOption) => void;
  hint?: ReactNode;
  error?: string | undefined;
  placeholder?: string;
  className?: string;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const searches = usePageLinkSearch() !== null;
  return (
    <div className={`min-w-0 ${className}`}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200">
        {label}
      </label>
      <PageLinkInput
        id={id}
        value={value}
        onChange={onChange}
        onPagePicked={onPagePicked}
        placeholder={placeholder}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500 dark:text-stone-400">
          {searches ? 'Type a page title to pick a page. ' : null}
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
