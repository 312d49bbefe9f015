import { BlockIcon } from '../icons/block-icon';
import type { BlockRendererProps } from '../renderer-types';
import { headingId, Section, SectionHeading } from '../section';

const columnClasses = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-2 lg:grid-cols-3' } as const;

export function FeaturesBlock({ data, position, anchorId }: BlockRendererProps<'features'>) {
  const id = anchorId ?? headingId('features', position);
  // One level below the block's own heading (h1 when the block opens the page): no level skipped.
  const ItemHeading = position === 0 ? 'h2' : 'h3';
  return (
    <Section className={`${data.backgroundColor} dark:bg-abyss-900`} labelledBy={id}>
      <SectionHeading id={id} title={data.title} intro={data.subtitle} level={position === 0 ? 1 : 2} />
      <ul className={`grid gap-5 ${columnClasses[data.columns]}`}>
        {data.features.map((feature, index) => (
          <li
            key={index}
            className="rounded-2xl border border-stone-200/80 bg-white/80 p-6 shadow-sm dark:border-white/10 dark:bg-abyss-800/60"
          >
            {feature.icon ? (
              <span
                aria-hidden="true"
                className="mb-4 inline-flex size-12 items-center justify-center rounded-xl bg-lagoon-50 text-lagoon-700 ring-1 ring-lagoon-100 dark:bg-lagoon-950 dark:text-lagoon-300 dark:ring-lagoon-900"
              >
                <BlockIcon icon={feature.icon} className="size-6" />
              </span>
            ) : null}
            <ItemHeading className="font-display text-xl font-semibold text-stone-900 dark:text-stone-50">
              {feature.title}
            </ItemHeading>
            {feature.description ? (
              <p className="mt-2 leading-relaxed text-stone-600 dark:text-stone-400">{feature.description}</p>
            ) : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}
