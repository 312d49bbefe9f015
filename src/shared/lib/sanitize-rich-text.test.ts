import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize-rich-text';

describe('sanitizeRichText', () => {
  it('keeps the editorial tags', () => {
    const html =
      '<h3>Lights</h3><p>Carry <strong>three</strong> <em>lights</em>.</p><ul><li>one</li></ul><blockquote>q</blockquote>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it.each([
    ['<script>alert(1)</script><p>x</p>', '<p>x</p>'],
    ['<p onclick="alert(1)">x</p>', '<p>x</p>'],
    ['<a href="javascript:alert(1)">x</a>', 'x'],
    ['<a href="data:text/html,<b>">x</a>', 'x'],
    ['<img src=x onerror=alert(1)>', ''],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<p style="background:url(x)">x</p>', '<p>x</p>'],
    ['<iframe src="https://evil.example"></iframe>', ''],
    ['<p>unclosed <b>bold', '<p>unclosed <b>bold</b></p>'],
  ])('removes %s', (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });

  it('keeps site links as they are and makes outside links open safely', () => {
    expect(sanitizeRichText('<a href="/safety-guidelines">safety</a>')).toBe('<a href="/safety-guidelines">safety</a>');
    expect(sanitizeRichText('<a href="https://example.org">x</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});
