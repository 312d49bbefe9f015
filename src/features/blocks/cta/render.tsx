import type { BlockRendererProps } from '../renderer-types';
import { headingId } from '../section';

export function CtaBlock({ data, position, anchorId }: BlockRendererProps<'cta'>) {
  const id = anchorId ?? headingId('cta', position);
  const Heading = position === 0 ? 'h1' : 'h2';
  return (
    <section className={`px-5 py-16 sm:px-8 md:py-24 ${data.backgroundColor} dark:bg-abyss-900`} aria-labelledby={id}>
      <div className="mx-auto max-w-4xl rounded-3xl border border-lagoon-100 bg-white/70 p-8 text-center shadow-xl shadow-lagoon-900/5 sm:p-12 dark:border-white/10 dark:bg-abyss-800/70">
        <Heading
          id={id}
          className="font-display text-3xl leading-tight font-semibold tracking-tight text-balance text-stone-900 sm:text-4xl dark:text-stone-50"
        >
          {data.heading}
        </Heading>
        {data.content ? (
          <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-pretty text-stone-600 dark:text-stone-300">
            {data.content}
          </p>
        ) : null}
        {data.highlightBox.text ? (
          <p
            className={`mx-auto mt-8 max-w-2xl rounded-2xl px-6 py-4 text-left text-base leading-relaxed font-medium ${data.highlightBox.bgColor} ${data.highlightBox.textColor}`}
          >
            {data.highlightBox.text}
          </p>
        ) : null}
        {data.ctaButton.text && data.ctaButton.link ? (
          <a
            href={data.ctaButton.link}
            className="mt-9 inline-flex items-center gap-2 rounded-full bg-lagoon-700 px-7 py-3.5 text-base font-semibold text-white shadow-lg shadow-lagoon-900/20 transition hover:bg-lagoon-800 dark:bg-lagoon-400 dark:text-abyss-950 dark:hover:bg-lagoon-300"
          >
            {data.ctaButton.text}
            <span aria-hidden="true">→</span>
          </a>
        ) : null}
      </div>
    </section>
  );
}
