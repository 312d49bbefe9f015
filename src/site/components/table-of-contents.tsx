import { ChevronDown, ListTree } from 'lucide-react';
import type { OutlineEntry } from '../page-outline';

/** "01", "02": the place of a section in the list, for the eye (lists announce it already). */
export function sectionNumber(index: number): string {
  return String(index + 1).padStart(2, '0');
}

/**
 * Phones and tablets: a compact collapsible list at the top of the content. A native <details>, so
 * it opens and closes without JavaScript; the links are plain anchors to the headings' ids. The
 * texts come from the page (this module is also imported by the rail island, so it stays free of
 * the catalog): `label` ('On this page') names both tables of contents (only one is displayed at a
 * time), `count` says how many sections ('5 sections').
 */
export function TableOfContentsDisclosure({
  entries,
  label,
  count,
}: {
  entries: readonly OutlineEntry[];
  label: string;
  count: string;
}) {
  return (
    <nav aria-label={label} className="mx-auto max-w-6xl px-5 py-6 sm:px-8 sm:py-8 xl:hidden">
      <details className="group max-w-3xl rounded-2xl border border-stone-200/80 bg-white/80 shadow-sm dark:border-white/10 dark:bg-abyss-800/70">
        <summary className="flex cursor-pointer list-none items-center gap-3 rounded-2xl px-5 py-4 [&::-webkit-details-marker]:hidden">
          <ListTree aria-hidden="true" className="size-5 shrink-0 text-lagoon-600 dark:text-lagoon-300" />
          <span className="font-semibold text-stone-900 dark:text-stone-50">{label}</span>
          <span className="text-sm text-stone-500 dark:text-stone-400">{count}</span>
          <ChevronDown
            aria-hidden="true"
            className="ml-auto size-5 shrink-0 text-stone-500 transition group-open:rotate-180 dark:text-stone-400"
          />
        </summary>
        <ol className="border-t border-stone-200/80 px-2 py-2 dark:border-white/10">
          {entries.map((entry, index) => (
            <li key={entry.id}>
              <a
                href={`#${entry.id}`}
                className="flex gap-3 rounded-xl px-3 py-2.5 text-[0.9375rem] leading-snug text-stone-700 transition hover:bg-lagoon-50 hover:text-lagoon-900 dark:text-stone-300 dark:hover:bg-lagoon-950 dark:hover:text-lagoon-100"
              >
                <span aria-hidden="true" className="font-semibold text-lagoon-700 tabular-nums dark:text-lagoon-300">
                  {sectionNumber(index)}
                </span>
                <span>{entry.title}</span>
              </a>
            </li>
          ))}
        </ol>
      </details>
    </nav>
  );
}
