/**
 * HTTP semantics of the public HTML (decision 43), as pure functions: which content coding a
 * request accepts (RFC 9110 §12.5.3) and whether its If-None-Match matches (§13.1.2).
 */

/** The codings we send, best first: on equal preference br wins, then gzip, then no coding. */
export const contentCodings = ['br', 'gzip', 'identity'] as const;
export type ContentCoding = (typeof contentCodings)[number];

interface Preference {
  coding: string;
  q: number;
}

/** `gzip;q=0.5, br` → [{gzip, 0.5}, {br, 1}]; entries with a malformed weight are dropped. */
function parseAcceptEncoding(header: string): Preference[] {
  const preferences: Preference[] = [];
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    if (name === '') continue;
    let q = 1;
    for (const parameter of parameters) {
      const [key = '', value = ''] = parameter.split('=').map((piece) => piece.trim());
      if (key.toLowerCase() !== 'q') continue;
      // qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )
      q = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value) ? Number(value) : Number.NaN;
    }
    if (Number.isNaN(q)) continue;
    const coding = name.toLowerCase();
    // RFC 9110 §8.4.1.3: x-gzip is gzip.
    preferences.push({ coding: coding === 'x-gzip' ? 'gzip' : coding, q });
  }
  return preferences;
}

/**
 * The coding to send for an Accept-Encoding header. No header: no coding (as every server does).
 * A coding's weight is its own entry's, else that of `*`, else it is not acceptable; no coding
 * ('identity') is acceptable unless `identity;q=0`, or `*;q=0` without an identity entry, says
 * otherwise, and it wins only on a higher weight given explicitly. When nothing is acceptable the
 * page is sent without a coding anyway (§12.1 allows disregarding the header; a 406 for a web
 * page helps no one).
 */
export function negotiateEncoding(header: string | string[] | undefined): ContentCoding {
  if (header === undefined) return 'identity';
  const preferences = parseAcceptEncoding(Array.isArray(header) ? header.join(',') : header);
  const weight = (coding: string): number | undefined => {
    // The most specific entry wins; among duplicates, the last one (what most parsers do).
    const own = preferences.filter((preference) => preference.coding === coding).at(-1);
    if (own) return own.q;
    return preferences.filter((preference) => preference.coding === '*').at(-1)?.q;
  };
  let best: ContentCoding = 'identity';
  let bestWeight = weight('identity') ?? 0;
  for (const coding of ['br', 'gzip'] as const) {
    const q = weight(coding) ?? 0;
    // Strictly better, or as good as an identity that is only implicitly acceptable.
    if (q > 0 && (q > bestWeight || (best === 'identity' && q === bestWeight))) {
      best = coding;
      bestWeight = q;
    }
  }
  return best;
}

/**
 * Whether an If-None-Match header matches the current ETag: `*` matches any current
 * representation; otherwise the weak comparison applies (W/"x" and "x" are the same tag).
 */
export function ifNoneMatchMatches(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  const opaque = (tag: string) => tag.replace(/^W\//, '');
  const current = opaque(etag);
  for (const match of value.matchAll(/(?:W\/)?"[^"]*"/g)) {
    if (opaque(match[0]) === current) return true;
  }
  return false;
}
