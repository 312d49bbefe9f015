import { useBlockText } from '../block-text';
import { Picture } from '../render-context';
import type { BlockRendererProps } from '../renderer-types';
import { headingId, Section, SectionHeading } from '../section';
import type { Card } from './block';

const columnClasses = {
  2: 'sm:grid-cols-2',
  3: 'sm:grid-cols-2 lg:grid-cols-3',
  4: 'sm:grid-cols-2 lg:grid-cols-4',
} as const;

const tileGradients = [
  'from-lagoon-400 to-lagoon-800',
  'from-sky-400 to-abyss-800',
  'from-emerald-400 to-lagoon-900',
  'from-cyan-300 to-sky-800',
];

/** The letter on a card without an image: the title's first letter, or the card's number. */
export function tileLabel(card: Pick<Card, 'title'>, index: number): string {
  const first = card.title.trim().charAt(0);
  return /\p{L}/u.test(first) ? first.toUpperCase() : String(index + 1);
}

function CardItem({ card, index, headingLevel }: { card: Card; index: number; headingLevel: 'h2' | 'h3' }) {
  const t = useBlockText();
  const Heading = headingLevel;
  const content = (
    <>
      {card.image ? (
        <Picture
          src={card.image}
          sizes="(min-width: 1024px) 30vw, (min-width: 640px) 50vw, 100vw"
          frameClassName="aspect-[16/10]"
          className="transition duration-500 group-hover:scale-[1.03]"
        />
      ) : (
        <div
          aria-hidden="true"
          className={`flex aspect-[16/10] items-center justify-center bg-gradient-to-br ${tileGradients[index % tileGradients.length]}`}
        >
          <span className="font-display text-6xl font-semibold text-white/90">{tileLabel(card, index)}</span>
        </div>
      )}
      <div className="flex flex-1 flex-col p-6">
        <Heading className="font-display text-xl leading-snug font-semibold text-stone-900 dark:text-stone-50">
          {card.link ? (
            <a href={card.link} className="after:absolute after:inset-0 focus-visible:outline-none">
              {card.title}
            </a>
          ) : (
            card.title
          )}
        </Heading>
        {card.description ? (
          <p className="mt-2 leading-relaxed text-stone-600 dark:text-stone-400">{card.description}</p>
        ) : null}
        {card.difficulty ? (
          <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <div>
              <dt className="text-xs font-semibold tracking-wider text-stone-500 uppercase dark:text-stone-400">
                {t('blocks.cards.difficulty')}
              </dt>
              <dd className="font-medium text-stone-800 dark:text-stone-200">{card.difficulty}</dd>
            </div>
            {card.depth ? (
              <div>
                <dt className="text-xs font-semibold tracking-wider text-stone-500 uppercase dark:text-stone-400">
                  {t('blocks.cards.maxDepth')}
                </dt>
                <dd className="font-medium text-stone-800 dark:text-stone-200">{card.depth}</dd>
              </div>
            ) : null}
          </dl>
        ) : null}
        {card.highlights.length > 0 ? (
          <ul className="mt-auto flex flex-wrap gap-2 pt-5" aria-label={t('blocks.cards.highlights')}>
            {card.highlights.map((tag) => (
              <li
                key={tag}
                className="rounded-full bg-lagoon-50 px-3 py-1 text-xs font-medium text-lagoon-800 ring-1 ring-lagoon-200 dark:bg-lagoon-950 dark:text-lagoon-200 dark:ring-lagoon-800"
              >
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </>
  );
  return (
    <li
      className={`group relative flex flex-col overflow-hidden rounded-2xl border border-stone-200/80 bg-white shadow-sm transition dark:border-white/10 dark:bg-abyss-800/70 ${
        card.link ? 'hover:-translate-y-0.5 hover:shadow-xl focus-within:ring-2 focus-within:ring-lagoon-500' : ''
      }`}
    >
      {content}
    </li>
  );
}

export function CardsBlock({ data, position, anchorId }: BlockRendererProps<'cards'>) {
  const id = anchorId ?? headingId('cards', position);
  return (
    <Section labelledBy={id}>
      <SectionHeading id={id} title={data.title} intro={data.description} level={position === 0 ? 1 : 2} />
      <ul className={`grid gap-6 ${columnClasses[data.columns]}`}>
        {data.cards.map((card, index) => (
          // One level below the block's heading (h1 when the block opens the page): no level skipped.
          <CardItem key={index} card={card} index={index} headingLevel={position === 0 ? 'h2' : 'h3'} />
        ))}
      </ul>
    </Section>
  );
}
