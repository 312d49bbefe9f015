import { BlockIcon } from '../icons/block-icon';
import type { BlockRendererProps } from '../renderer-types';
import { headingId, Section } from '../section';

/**
 * Facts as a compact panel that reads at a glance: a list of label and value pairs (a screen
 * reader hears "Depth Range: 5-10 m"), one row per fact on a phone, side by side from tablets on.
 * Rows wrap with flex rather than a fixed grid, so any number of facts fills its rows without
 * empty cells; the negative margin hides the dividers of the first row and column under the
 * panel's own border.
 */
export function FactsBlock({ data, position, anchorId }: BlockRendererProps<'facts'>) {
  const id = anchorId ?? headingId('facts', position);
  const Heading = position === 0 ? 'h1' : 'h2';
  return (
    <Section labelledBy={id} className="py-10! md:py-14!">
      <div className="mb-5 max-w-3xl">
        <Heading
          id={id}
          className="font-display text-2xl leading-tight font-semibold tracking-tight text-balance text-stone-900 sm:text-3xl dark:text-stone-50"
        >
          {data.title}
        </Heading>
        {data.description ? (
          <p className="mt-1.5 leading-relaxed text-pretty text-stone-600 dark:text-stone-400">{data.description}</p>
        ) : null}
      </div>
      <div className="overflow-hidden rounded-2xl border border-stone-200/80 bg-white shadow-sm dark:border-white/10 dark:bg-abyss-800/70">
        <ul className="-mt-px -ml-px flex flex-wrap">
          {data.facts.map((fact, index) => (
            <li
              key={index}
              className={`relative flex min-w-0 flex-[1_1_14rem] flex-col justify-center border-t border-l border-stone-200/80 py-4 pr-5 sm:py-5 dark:border-white/10 ${
                fact.icon ? 'pl-[4.5rem]' : 'pl-5'
              }`}
            >
              {fact.icon ? (
                <span
                  aria-hidden="true"
                  className="absolute top-1/2 left-5 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-xl bg-lagoon-50 text-lagoon-700 ring-1 ring-lagoon-100 dark:bg-lagoon-950 dark:text-lagoon-300 dark:ring-lagoon-900"
                >
                  <BlockIcon icon={fact.icon} className="size-5" />
                </span>
              ) : null}
              <span className="text-xs font-semibold tracking-wider text-stone-500 uppercase dark:text-stone-400">
                {fact.label}
                <span className="sr-only">: </span>
              </span>
              <span className="mt-1 font-semibold text-pretty text-stone-900 dark:text-stone-50">{fact.value}</span>
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}
