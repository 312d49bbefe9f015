import type { ReactNode } from 'react';

/**
 * Common outer spacing and width for content blocks. One container width for every block, so all
 * of a page's headings and text start on the same left edge; a block that wants a narrower reading
 * measure limits its own column inside (left-aligned, never centred in a narrower container).
 */
export function Section({
  children,
  className = '',
  labelledBy,
}: {
  children: ReactNode;
  className?: string;
  labelledBy?: string;
}) {
  return (
    <section className={`px-5 py-14 sm:px-8 md:py-20 ${className}`} aria-labelledby={labelledBy}>
      <div className="mx-auto max-w-6xl">{children}</div>
    </section>
  );
}

export function SectionHeading({
  id,
  title,
  intro,
  level = 2,
  align = 'left',
}: {
  id: string;
  title: string;
  intro?: string;
  level?: 1 | 2;
  align?: 'left' | 'center';
}) {
  const Tag = level === 1 ? 'h1' : 'h2';
  const alignment = align === 'center' ? 'mx-auto text-center' : '';
  return (
    <div className={`mb-10 max-w-3xl ${alignment}`}>
      <Tag
        id={id}
        className="font-display text-3xl leading-tight font-semibold tracking-tight text-balance text-stone-900 sm:text-4xl dark:text-stone-50"
      >
        {title}
      </Tag>
      {intro ? (
        <p className="mt-4 text-lg leading-relaxed text-pretty text-stone-600 dark:text-stone-400">{intro}</p>
      ) : null}
    </div>
  );
}

/** Stable ids for aria-labelledby, derived from the block's place on the page. */
export function headingId(type: string, position: number): string {
  return `block-${position + 1}-${type}`;
}
