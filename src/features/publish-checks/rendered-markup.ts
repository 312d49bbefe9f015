import { Parser } from 'htmlparser2';

/**
 * What the publish check reads from rendered HTML: the headings in order, the links, and for each
 * image the one file a visitor's browser would download. Reading the markup the site actually
 * sends (rather than each block type's data) keeps the check true to what visitors get.
 */
export interface RenderedMarkup {
  headings: Array<{ level: number; text: string }>;
  links: string[];
  /** Per `<img>`: the URL a browser that supports every offered format loads (AVIF, then WebP, then the img). */
  imageFiles: string[];
}

/** The widest candidate of a srcset ("a.webp 400w, b.webp 1600w" → b.webp). */
export function widestCandidate(srcset: string): string | undefined {
  let best: { url: string; width: number } | undefined;
  for (const part of srcset.split(',')) {
    const [url, descriptor = ''] = part.trim().split(/\s+/);
    if (!url) continue;
    const width = Number.parseInt(descriptor, 10) || 0;
    if (!best || width > best.width) best = { url, width };
  }
  return best?.url;
}

const sourcePreference = ['image/avif', 'image/webp'];

export function readRenderedMarkup(html: string): RenderedMarkup {
  const markup: RenderedMarkup = { headings: [], links: [], imageFiles: [] };
  let heading: { level: number; text: string } | undefined;
  // Inside a <picture>: its <source> candidates by type, until its <img> decides.
  let picture: Map<string, string> | undefined;
  // Text inside <script>/<style> is not content.
  let rawDepth = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'script' || name === 'style') rawDepth += 1;
        const level = /^h([1-6])$/.exec(name)?.[1];
        if (level) heading = { level: Number(level), text: '' };
        if (name === 'a' && attributes['href'] !== undefined) markup.links.push(attributes['href']);
        if (name === 'picture') picture = new Map();
        if (name === 'source' && picture && attributes['type'] && attributes['srcset']) {
          const url = widestCandidate(attributes['srcset']);
          if (url && !picture.has(attributes['type'])) picture.set(attributes['type'], url);
        }
        if (name === 'img') {
          const preferred = sourcePreference.map((type) => picture?.get(type)).find((url) => url !== undefined);
          const url = preferred ?? attributes['src'];
          if (url) markup.imageFiles.push(url);
        }
      },
      ontext(text) {
        if (heading && rawDepth === 0) heading.text += text;
      },
      onclosetag(name) {
        if (name === 'script' || name === 'style') rawDepth = Math.max(0, rawDepth - 1);
        if (name === 'picture') picture = undefined;
        if (heading && name === `h${heading.level}`) {
          markup.headings.push({ level: heading.level, text: heading.text.replace(/\s+/g, ' ').trim() });
          heading = undefined;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return markup;
}
