/** Field errors from the server, keyed by the path inside block_data ("cards.2.title"). */
export type FieldErrors = Record<string, string>;

const none: FieldErrors = {};

/**
 * The errors at or below `prefix`, with the prefix removed from their paths: under "cards.2",
 * "cards.2.title" becomes "title" and an error on "cards.2" itself is keyed "".
 */
export function errorsUnder(errors: FieldErrors, prefix: string): FieldErrors {
  let found: FieldErrors | null = null;
  for (const [path, message] of Object.entries(errors)) {
    let key: string | null = null;
    if (path === prefix) key = '';
    else if (path.startsWith(`${prefix}.`)) key = path.slice(prefix.length + 1);
    if (key !== null) (found ??= {})[key] = message;
  }
  return found ?? none;
}

export function hasErrorsUnder(errors: FieldErrors, prefix: string): boolean {
  return Object.keys(errors).some((path) => path === prefix || path.startsWith(`${prefix}.`));
}
