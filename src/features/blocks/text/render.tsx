import { sanitizeRichText } from '../../../shared/lib/sanitize-rich-text';
import { Picture } from '../render-context';
import type { BlockRendererProps } from '../renderer-types';
import { headingId, Section } from '../section';

/**
 * Every layout puts the text on the same left edge as the other blocks (the wide container's): a
 * text-only section keeps the reading measure but no longer centres it, so a page that alternates
 * text with and without images reads down one straight line.
 */
export function TextBlock({ data, position, anchorId }: BlockRendererProps<'text'>) {
  const id = anchorId ?? headingId('text', position);
  const html = sanitizeRichText(data.content);
  const Heading = position === 0 ? 'h1' : 'h2';
  const heading = (
    <Heading
      id={id}
      className="font-display text-3xl leading-tight font-semibold tracking-tight text-balance text-stone-900 sm:text-4xl dark:text-stone-50"
    >
      {data.heading}
    </Heading>
  );
  const body = <div className="prose-cenote mt-6" dangerouslySetInnerHTML={{ __html: html }} />;
  if (!data.image) {
    return (
      <Section labelledBy={id}>
        <div className="max-w-3xl">
          {heading}
          {body}
        </div>
      </Section>
    );
  }
  const picture = (
    <Picture
      src={data.image}
      priority={position === 0}
      sizes="(min-width: 1024px) 40vw, 100vw"
      frameClassName="aspect-[4/3] rounded-2xl shadow-xl shadow-lagoon-950/10 ring-1 ring-black/5"
    />
  );
  if (data.imagePosition === 'top' || data.imagePosition === 'bottom') {
    return (
      <Section labelledBy={id}>
        <div className="max-w-3xl">
          {data.imagePosition === 'top' ? <div className="mb-10">{picture}</div> : null}
          {heading}
          {body}
          {data.imagePosition === 'bottom' ? <div className="mt-10">{picture}</div> : null}
        </div>
      </Section>
    );
  }
  return (
    <Section labelledBy={id}>
      <div className="grid items-start gap-10 lg:grid-cols-12 lg:gap-14">
        <div className={`lg:col-span-7 ${data.imagePosition === 'left' ? 'lg:order-2' : ''}`}>
          {heading}
          {body}
        </div>
        <div className={`lg:sticky lg:top-24 lg:col-span-5 ${data.imagePosition === 'left' ? 'lg:order-1' : ''}`}>
          {picture}
        </div>
      </div>
    </Section>
  );
}
