/** Rules for a list of short tags (the cards block's highlights: at most 8, 40 characters each). */
export interface TagRules {
  max: number;
  maxLength: number;
  /** Singular noun for messages: 'highlight'. */
  noun: string;
}

export interface AddTagsResult {
  tags: string[];
  /** What could not be added, to leave in the input so the user can fix it. */
  rest: string;
  /** Why something was not added; null when everything was. */
  error: string | null;
}

/**
 * Adds the comma-separated tags in `input` to `tags`: trims them, skips blanks, and refuses
 * duplicates (case-insensitive), tags over the length limit and tags past the maximum count,
 * saying why instead of dropping them silently.
 */
export function addTags(tags: readonly string[], input: string, rules: TagRules): AddTagsResult {
  const next = [...tags];
  const kept: string[] = [];
  let error: string | null = null;
  for (const piece of input.split(',')) {
    const tag = piece.trim().replace(/\s+/g, ' ');
    if (tag === '') continue;
    if (next.some((existing) => existing.toLocaleLowerCase() === tag.toLocaleLowerCase())) {
      error ??= `“${tag}” is already a ${rules.noun}.`;
    } else if (tag.length > rules.maxLength) {
      kept.push(tag);
      error ??= `A ${rules.noun} can be at most ${rules.maxLength} characters (this one has ${tag.length}).`;
    } else if (next.length >= rules.max) {
      kept.push(tag);
      error ??= `At most ${rules.max} ${rules.noun}s: remove one first.`;
    } else {
      next.push(tag);
    }
  }
  return { tags: next, rest: kept.join(', '), error };
}

/**
 * Splits what the user typed into the complete part (up to the last comma), which is added
 * right away, and the part still being typed.
 */
export function splitTypedTags(text: string): { complete: string; typing: string } {
  const comma = text.lastIndexOf(',');
  if (comma === -1) return { complete: '', typing: text };
  return { complete: text.slice(0, comma), typing: text.slice(comma + 1).trimStart() };
}
