/**
 * Pure text helpers for site search: what of a block is searchable text, how a visitor's query
 * becomes safe search terms, and how a database snippet becomes safe HTML.
 */
import { decodeHTML } from 'entities';
import { escapeHtml } from '../../shared/lib/html';

/** Private-use characters that mark highlighted words in snippets (ts_headline StartSel/StopSel). */
export const markStart = '\uE000';
export const markEnd = '\uE001';
/**
 * Stand-ins for '<' and '>' while PostgreSQL parses text: its parser reads "<b and c>" as an XML tag
 * and skips everything after "<script>", so visible text containing them would lose words.
 */
export const lessThanStandIn = '\uE002';
export const greaterThanStandIn = '\uE003';

/** The indexed body is capped so one huge page cannot exceed PostgreSQL's 1 MB tsvector limit. */
export const maxBodyTextLength = 200_000;

/** The private-use characters this module gives meaning to (highlights, stand-ins, piece breaks). */
const privateMarkers = /[\uE000-\uE004]/g;

/**
 * Decodes character references as a browser does (the whole HTML named-entity table, numeric
 * references, U+FFFD for invalid code points), in one pass so "&amp;lt;" is "&lt;".
 */
export function decodeEntities(text: string): string {
  return decodeHTML(text);
}

/** Elements whose content is never visible text. */
const hiddenElements = /<(script|style|noscript|template|textarea|iframe|object|svg|head)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
/** An unclosed one hides the rest of the document, as in a browser. */
const unclosedHiddenElement = /<(script|style|noscript|template|textarea|iframe|svg)\b[\s\S]*$/i;
/** Inline elements do not separate words ("<b>Bar</b>bie" reads "Barbie"); every other tag does. */
const inlineTags = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'code',
  'data',
  'del',
  'dfn',
  'em',
  'i',
  'ins',
  'kbd',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
]);

/** Collapses every run of whitespace (including no-break spaces) to one space and trims. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Where one block-level element of rich text ends: a heading, a list item, a paragraph, a cell. */
const blockEndTags = /<\/(h[1-6]|li|dt|dd|th|td|caption|figcaption|p|blockquote|div)\s*>/gi;
/** A private-use stand-in for such an end while the tags are stripped (see joinSentences). */
const pieceBreak = '\uE004';

/**
 * The visible text of an HTML fragment (or of plain text): tags removed, entities decoded, whitespace
 * collapsed. With `separateBlocks`, a heading or list item that ends without punctuation is closed
 * with '. ', so "<h3>Stay in the light</h3><p>Open water…" reads as two sentences in a search snippet.
 */
export function htmlToText(html: string, options: { separateBlocks?: boolean } = {}): string {
  const marked = options.separateBlocks
    ? html.replace(privateMarkers, '').replace(blockEndTags, `${pieceBreak}$&`)
    : html;
  const withoutTags = marked
    .replace(/<!--[\s\S]*?(?:-->|$)/g, ' ')
    .replace(hiddenElements, ' ')
    .replace(unclosedHiddenElement, ' ')
    // A tag starts with a letter right after "<" or "</"; "3 < 4" and "a <= b" stay text.
    .replace(/<\/?([A-Za-z][A-Za-z0-9-]*)\b[^<>]*>/g, (_tag, name: string) =>
      inlineTags.has(name.toLowerCase()) ? '' : ' ',
    );
  const text = decodeEntities(withoutTags);
  if (!options.separateBlocks) return collapseWhitespace(text.replace(privateMarkers, ''));
  return joinSentences(text.split(pieceBreak).map((piece) => collapseWhitespace(piece.replace(privateMarkers, ''))));
}

/**
 * Punctuation that already ends a piece of text; closing quotes and brackets after it do not count.
 * Written as escapes (…, ·, ”, ’, »): the server bundle stays ASCII (scripts/build.ts).
 */
const endsWithPunctuation = /[.!?\u2026:;,\u00b7]["'\u201d\u2019\u00bb)\]]*$/u;

/**
 * Joins separate pieces of text (a card's title and its description, list items, blocks) so they
 * read as sentences: '. ' after a piece without closing punctuation, else a space. Without it a
 * snippet runs titles and tags together ("Light beams Cavern zone Overhangs").
 */
export function joinSentences(pieces: readonly string[]): string {
  let text = '';
  for (const piece of pieces) {
    const trimmed = piece.trim();
    if (trimmed === '') continue;
    if (text === '') text = trimmed;
    else text += `${endsWithPunctuation.test(text) ? ' ' : '. '}${trimmed}`;
  }
  return text;
}

/**
 * Keys whose string values are addresses or presentation settings, not text a visitor reads. A key
 * matches by itself or by its last camelCase/snake_case word (backgroundImage, ctaLink, bgColor).
 */
const nonTextKeys = new Set([
  'url',
  'urls',
  'link',
  'links',
  'href',
  'src',
  'srcset',
  'image',
  'images',
  'icon',
  'color',
  'colour',
  'position',
  'overlay',
  'align',
  'alignment',
  'variant',
  'layout',
  'style',
  'class',
  'classname',
  'id',
]);

function isNonTextKey(key: string): boolean {
  const lastWord = key.split(/(?=[A-Z])|[_-]/).pop() ?? key;
  return nonTextKeys.has(key.toLowerCase()) || nonTextKeys.has(lastWord.toLowerCase());
}

/** Values that are addresses: a site path, an anchor, or a URL with a scheme. */
const addressValue = /^(?:\/(?!\/)\S*|#\S*|(?:https?|mailto|tel|data):\S*|\/\/\S+)$/i;
/** Values made only of utility CSS classes such as bg-gray-50 or text-teal-900. */
const cssClassesValue = /^(?:(?:bg|text|border|ring|shadow|fill|stroke)-[a-z0-9-]+\s*)+$/;

/** Fields that read first on a rendered block; jsonb does not keep key order, so order them here. */
const leadingKeys = ['title', 'heading', 'subtitle', 'description', 'content', 'quote', 'author', 'text'];

function orderedEntries(record: Record<string, unknown>): Array<[string, unknown]> {
  const entries = Object.entries(record);
  const rank = (key: string) => {
    const position = leadingKeys.indexOf(key);
    return position === -1 ? leadingKeys.length : position;
  };
  return entries.sort(([a], [b]) => rank(a) - rank(b));
}

/** A piece of visible text from one string value: rich text keeps its headings and items apart. */
function visibleText(value: string): string {
  return htmlToText(value, { separateBlocks: true });
}

function isTextValue(value: unknown, key: string | undefined): value is string {
  if (typeof value !== 'string') return false;
  if (key !== undefined && isNonTextKey(key)) return false;
  const trimmed = value.trim();
  return !(trimmed === '' || addressValue.test(trimmed) || cssClassesValue.test(trimmed));
}

function collectText(value: unknown, key: string | undefined, out: string[], depth: number): void {
  if (depth > 20) return;
  if (typeof value === 'string') {
    if (!isTextValue(value, key)) return;
    const text = visibleText(value.trim());
    if (text !== '') out.push(text);
    return;
  }
  if (Array.isArray(value)) {
    // Short tags (a card's highlights) read as one list: "Cavern zone, Overhangs, Light beams".
    // An array of strings under an image key (["/media/a.jpg", ...]) is skipped by the string check.
    if (value.length > 0 && value.every((item) => typeof item === 'string')) {
      const tags = value.filter((item) => isTextValue(item, key)).map((item) => visibleText(item.trim()));
      const list = tags.filter((tag) => tag !== '').join(', ');
      if (list !== '') out.push(list);
      return;
    }
    for (const item of value) collectText(item, key, out, depth + 1);
    return;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // A fact reads as "Depth Range: 5-10 m".
    const { label, value: shown } = record;
    if (isTextValue(label, 'label') && isTextValue(shown, 'value')) {
      out.push(`${visibleText(label.trim()).replace(/[:.]$/, '')}: ${visibleText(shown.trim())}`);
      for (const [childKey, child] of orderedEntries(record)) {
        if (childKey !== 'label' && childKey !== 'value') collectText(child, childKey, out, depth + 1);
      }
      return;
    }
    for (const [childKey, child] of orderedEntries(record)) collectText(child, childKey, out, depth + 1);
  }
}

/**
 * The visible text of one block's data: every string value except addresses (URL, link and image
 * fields), presentation settings (colours, positions, CSS classes) and icons, joined as sentences.
 */
export function blockText(data: unknown): string {
  const out: string[] = [];
  collectText(data, undefined, out, 0);
  return joinSentences(out);
}

/** The searchable body of a page from its active blocks, in block order; capped at maxBodyTextLength. */
export function pageBodyText(blocks: ReadonlyArray<{ block_data: unknown }>): string {
  const text = collapseWhitespace(joinSentences(blocks.map((block) => blockText(block.block_data))));
  if (text.length <= maxBodyTextLength) return text;
  const cut = text.slice(0, maxBodyTextLength);
  const lastSpace = cut.lastIndexOf(' ');
  return lastSpace > 0 ? cut.slice(0, lastSpace) : cut;
}

/**
 * Removes Latin accents ("Yucatán" → "Yucatan"), for the unaccented copy of the text that lets
 * visitors type names without their accents. Other scripts keep their marks.
 */
export function foldAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC');
}

/** Text as PostgreSQL's text-search parser should see it: '<' and '>' swapped for stand-ins. */
export function forTextSearchParser(text: string): string {
  return text.replaceAll('<', lessThanStandIn).replaceAll('>', greaterThanStandIn);
}

/** The longest query accepted, after trimming. */
export const maxQueryLength = 100;

/**
 * Trims and collapses whitespace; '' when there is nothing to search for. Control characters
 * (NUL included, which PostgreSQL text cannot hold) separate words like spaces do.
 */
export function normalizeQuery(query: string): string {
  return collapseWhitespace(query.normalize('NFC').replace(/\p{Cc}/gu, ' ')).slice(0, maxQueryLength);
}

/**
 * The query's words, lowercased and deduplicated: runs of letters (with their combining marks) and
 * digits only. Everything else, including every tsquery operator (' & | ! ( ) : * < > \), separates words,
 * so a word can be put into to_tsquery syntax as-is.
 */
export function searchWords(query: string): string[] {
  const words =
    normalizeQuery(query)
      .toLowerCase()
      .match(/[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu) ?? [];
  return [...new Set(words)].slice(0, 32);
}

/** A prefix term for to_tsquery ("angel:*" matches "angelita"); only for words from searchWords(). */
export function prefixTerm(word: string): string {
  if (!/^[\p{L}\p{N}][\p{L}\p{M}\p{N}]*$/u.test(word)) throw new Error('Not a search word');
  return `${word}:*`;
}

/**
 * The words worth highlighting: a one-letter prefix ("dos o") matches nearly every word of a text,
 * so those are left unmarked when the query has longer words.
 */
export function highlightWords(words: string[]): string[] {
  const longer = words.filter((word) => word.length > 1);
  return longer.length > 0 ? longer : words;
}

/** An ILIKE pattern matching the text anywhere, with %, _ and the escape character itself escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * Turns a ts_headline result (highlights between markStart and markEnd) into safe HTML whose only
 * tags are <mark>…</mark>. Leading/trailing ellipses show that the snippet is cut from a longer text.
 */
export function snippetHtml(raw: string, options: { cutStart?: boolean; cutEnd?: boolean } = {}): string {
  const text = collapseWhitespace(raw.replaceAll(lessThanStandIn, '<').replaceAll(greaterThanStandIn, '>'));
  const html = escapeHtml(text)
    .replace(new RegExp(`${markStart}([^${markStart}${markEnd}]*)${markEnd}`, 'g'), (_match, word: string) =>
      word === '' ? '' : `<mark>${word}</mark>`,
    )
    .replace(privateMarkers, '');
  if (html === '') return '';
  return `${options.cutStart ? '… ' : ''}${html}${options.cutEnd ? ' …' : ''}`;
}

/** Most words a snippet shows. */
export const snippetWords = 30;

/**
 * The snippet HTML for one result from the database's headline (null when nothing was matched) and
 * the start and end of the text it was cut from (all in parser form, see forTextSearchParser).
 */
export function snippetFromHeadline(headline: string | null, head: string, tail: string): string {
  if (headline === null || headline.trim() === '') {
    const words = head.split(' ').filter((word) => word !== '');
    return snippetHtml(words.slice(0, snippetWords).join(' '), { cutEnd: words.length > snippetWords });
  }
  const plain = collapseWhitespace(
    headline.replace(privateMarkers, (character) =>
      character === markStart || character === markEnd ? '' : character,
    ),
  );
  return snippetHtml(headline, {
    cutStart: !head.startsWith(plain.slice(0, 40)),
    cutEnd: !tail.endsWith(plain.slice(-40)),
  });
}
