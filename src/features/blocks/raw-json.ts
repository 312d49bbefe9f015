export type JsonObjectParse = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

export const notAnObjectMessage = 'Block data must be a JSON object.';

/** Parses block data typed as JSON, with the parser's own message when it is not valid. */
export function parseJsonObject(text: string): JsonObjectParse {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `Invalid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, error: notAnObjectMessage };
  return { ok: true, value: value as Record<string, unknown> };
}

export function formatJson(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? '';
}
