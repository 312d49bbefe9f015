import { describe, expect, it } from 'vitest';
import { formatJson, notAnObjectMessage, parseJsonObject } from './raw-json';

describe('parseJsonObject', () => {
  it('accepts a JSON object', () => {
    expect(parseJsonObject('{"a": [1, {"b": null}]}')).toEqual({ ok: true, value: { a: [1, { b: null }] } });
    expect(parseJsonObject(' {} ')).toEqual({ ok: true, value: {} });
  });

  it("reports invalid JSON with the parser's message", () => {
    const result = parseJsonObject('{"a": }');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toMatch(/^Invalid JSON: /);
      expect(result.error.length).toBeGreaterThan('Invalid JSON: '.length);
    }
    expect(parseJsonObject('').ok).toBe(false);
  });

  it.each(['[]', '[{"a":1}]', '"text"', '42', 'true', 'null'])('refuses %s, which is not an object', (text) => {
    expect(parseJsonObject(text)).toEqual({ ok: false, error: notAnObjectMessage });
  });

  it('round-trips with formatJson', () => {
    const value = { title: 'Dos Ojos', cards: [{ highlights: ['Cave'] }] };
    expect(parseJsonObject(formatJson(value))).toEqual({ ok: true, value });
  });
});
