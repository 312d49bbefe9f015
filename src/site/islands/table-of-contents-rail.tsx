import { ArrowUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { sectionNumber } from '../components/table-of-contents';
import type { OutlineEntry } from '../page-outline';

/** A heading counts as the one being read once its top passes this far below the viewport's top. */
const readingLinePx = 140;

/** The last heading whose top has passed the reading line; none above the first. */
function currentEntry(entries: readonly OutlineEntry[]): string | null {
  let current: string | null = null;
  for (const entry of entries) {
    const heading = document.getElementById(entry.id);
    if (heading && heading.getBoundingClientRect().top <= readingLinePx) current = entry.id;
  }
  return current;
}

export interface TableOfContentsRailProps {
  entries: OutlineEntry[];
  /** 'On this page', in the page's language: the heading and the landmark's name. */
  label: string;
  /** 'Back to top', in the page's language. */
  backToTop: string;
}

/**
 * Wide screens: the table of contents as a sticky side column. Server-rendered (it works without
 * JavaScript); once hydrated it also marks the section being read (aria-current="location").
 */
export function TableOfContentsRail({ entries, label, backToTop }: TableOfContentsRailProps) {
  const [current, setCurrent] = useState<string | null>(null);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setCurrent(currentEntry(entries)));
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    window.addEventListener('hashchange', update);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      window.removeEventListener('hashchange', update);
    };
  }, [entries]);

  return (
    <nav aria-label={label} className="sticky top-24 max-h-[calc(100vh-7rem)] overflow-y-auto pt-2 pb-8">
      <p className="text-xs font-semibold tracking-[0.14em] text-stone-500 uppercase dark:text-stone-400">{label}</p>
      <ol className="mt-4 border-l border-stone-200 dark:border-white/10">
        {entries.map((entry, index) => {
          const active = entry.id === current;
          return (
            <li key={entry.id}>
              <a
                href={`#${entry.id}`}
                aria-current={active ? 'location' : undefined}
                className={`-ml-px flex gap-2.5 border-l-2 py-2 pr-2 pl-4 text-sm leading-snug transition ${
                  active
                    ? 'border-lagoon-600 font-semibold text-lagoon-900 dark:border-lagoon-300 dark:text-lagoon-100'
                    : 'border-transparent text-stone-600 hover:border-stone-300 hover:text-stone-900 dark:text-stone-400 dark:hover:border-white/30 dark:hover:text-stone-100'
                }`}
              >
                <span
                  aria-hidden="true"
                  className={`tabular-nums ${active ? 'text-lagoon-700 dark:text-lagoon-300' : 'text-stone-500 dark:text-stone-400'}`}
                >
                  {sectionNumber(index)}
                </span>
                <span>{entry.title}</span>
              </a>
            </li>
          );
        })}
      </ol>
      <a
        href="#main"
        className="mt-6 ml-4 inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-lagoon-700 underline-offset-4 hover:underline dark:text-lagoon-300"
      >
        <ArrowUp aria-hidden="true" className="size-4" />
        {backToTop}
      </a>
    </nav>
  );
}
