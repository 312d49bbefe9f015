import type { BlockRendererProps } from '../renderer-types';

/** A <div>, not a <section>: a pull quote has no heading of its own (the figure is its semantics). */
export function QuoteBlock({ data }: BlockRendererProps<'quote'>) {
  return (
    <div className="relative overflow-hidden bg-lagoon-950 px-5 py-20 text-white sm:px-8 md:py-28">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(ellipse_at_top,rgba(44,200,195,0.25),transparent_60%)]"
      />
      <figure className="relative mx-auto max-w-4xl text-center">
        <span aria-hidden="true" className="font-display text-7xl leading-none text-lagoon-300/70">
          “
        </span>
        <blockquote className="-mt-4 font-display text-2xl leading-snug font-medium text-balance sm:text-3xl md:text-4xl">
          <p>{data.quote}</p>
        </blockquote>
        <figcaption className="mt-8 text-sm font-semibold tracking-[0.2em] text-lagoon-200 uppercase">
          {data.author}
        </figcaption>
      </figure>
    </div>
  );
}
