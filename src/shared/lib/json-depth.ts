/**
 * How deep arrays and objects may nest in free-form JSON an editor sends (page structured data,
 * block data). Real documents use a handful of levels; thousands of levels overflow the stack of
 * JSON.stringify and of the database's JSON parser (a 500 instead of a clear refusal).
 */
export const maxJsonDepth = 32;

/**
 * True when arrays and objects in `value` nest at most `maxDepth` levels (`{}` and `[]` are one
 * level, scalars none). Walks with its own stack, so checking a hostile document cannot overflow.
 */
export function withinJsonDepth(value: unknown, maxDepth = maxJsonDepth): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const current = pending.pop()!;
    if (current.value === null || typeof current.value !== 'object') continue;
    const depth = current.depth + 1;
    if (depth > maxDepth) return false;
    for (const child of Object.values(current.value)) pending.push({ value: child, depth });
  }
  return true;
}
