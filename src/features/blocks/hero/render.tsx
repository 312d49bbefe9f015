import { Picture } from '../render-context';
import type { BlockRendererProps } from '../renderer-types';

export function HeroBlock({ data, position, anchorId }: BlockRendererProps<'hero'>) {
  const dark = data.overlay === 'dark';
  const Title = position === 0 ? 'h1' : 'h2';
  return (
    <section
      className={`relative isolate flex min-h-[20rem] items-end overflow-hidden sm:h-[72vh] sm:max-h-[384px] md:max-h-[500px] lg:max-h-[600px] ${
        dark ? 'bg-abyss-900 text-white' : 'bg-limestone-100 text-stone-900'
      }`}
    >
      {data.backgroundImage ? (
        <Picture
          src={data.backgroundImage}
          alt=""
          priority={position === 0}
          sizes="100vw"
          frameClassName="absolute inset-0 -z-10 h-full w-full"
        />
      ) : null}
      <div
        aria-hidden="true"
        className={`absolute inset-0 -z-10 ${
          dark
            ? 'bg-gradient-to-t from-abyss-950/90 via-abyss-950/45 to-abyss-950/10'
            : 'bg-gradient-to-t from-limestone-50/95 via-limestone-50/70 to-limestone-50/10'
        }`}
      />
      <div className="mx-auto w-full max-w-6xl px-5 pt-24 pb-12 sm:px-8 md:pb-16">
        <Title
          id={anchorId}
          className="max-w-3xl font-display text-[2.1rem] leading-[1.08] font-semibold tracking-tight text-balance sm:text-5xl lg:text-6xl"
        >
          {data.title}
        </Title>
        {data.subtitle ? (
          <p
            className={`mt-4 max-w-2xl text-base leading-relaxed text-pretty sm:mt-5 sm:text-xl ${dark ? 'text-white/85' : 'text-stone-700'}`}
          >
            {data.subtitle}
          </p>
        ) : null}
        {data.ctaText && data.ctaLink ? (
          <a
            href={data.ctaLink}
            className={`mt-8 inline-flex items-center gap-2 rounded-full px-6 py-3 text-base font-semibold shadow-lg transition ${
              dark ? 'bg-lagoon-400 text-abyss-950 hover:bg-lagoon-300' : 'bg-lagoon-700 text-white hover:bg-lagoon-800'
            }`}
          >
            {data.ctaText}
            <span aria-hidden="true">→</span>
          </a>
        ) : null}
      </div>
    </section>
  );
}
