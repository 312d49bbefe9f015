/** The hint under a field whose blank value the schema replaces with a default (spec section 5). */
export function blankHint(fallback: string): string {
  return `Left blank, it becomes “${fallback}”.`;
}
