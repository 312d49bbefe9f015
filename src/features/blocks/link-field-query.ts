/** The most suggestions a link field shows: enough to choose from, few enough to fit any screen. */
export const maxPageSuggestions = 8;

/**
 * What a link field searches the pages for while the editor types, or null when the text is
 * already some other kind of address. A title ('safety') searches as typed; a site path being
 * typed ('/safety-gu') searches its slug; '/' alone lists pages. Full addresses (https://…,
 * mailto:…), in-page anchors (#…) and deeper paths (/es/…, /page?x, /page#part) are left alone.
 */
export function pageSearchTermOf(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith('//')) return null;
  // Any scheme: https:, http:, mailto:, tel:, and the refused ones too.
  if (/^[a-z][a-z\d+.-]*:/i.test(trimmed)) return null;
  if (trimmed.startsWith('/')) {
    const slug = trimmed.slice(1);
    return /[/?#\s\\]/.test(slug) ? null : slug.slice(0, 200);
  }
  return trimmed.slice(0, 200);
}

/** The next active option for an arrow key: wraps around; -1 (none) goes to the first or last. */
export function nextActiveIndex(active: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count <= 0) return -1;
  if (key === 'ArrowDown') return active < 0 || active >= count - 1 ? 0 : active + 1;
  return active <= 0 ? count - 1 : active - 1;
}
