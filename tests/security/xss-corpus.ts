/**
 * The XSS corpus of tests/security/xss.browser.test.ts: payloads an attacker (or a careless copy
 * and paste) could put into any text field, link field or rich text of the CMS.
 *
 * Every payload calls a marker function instead of alert(): `markerPlaceholder` is replaced by
 * `__xss(<n>)`, where n is unique per payload and field, so a payload that runs (or leaves
 * unsafe markup behind) says exactly which payload, and through which field, got through.
 */

export const markerPlaceholder = 'XSS_MARK';

/** Finds the marker numbers in any text: attribute values, element markup, console lines. */
export const markerPattern = /__xss\((\d+)\)/g;

export interface XssPayload {
  /** Short, stable name used in failure messages. */
  id: string;
  /** What the payload tries. */
  technique: string;
  /** The payload, with `markerPlaceholder` where the marker call goes. */
  template: string;
}

const M = markerPlaceholder;

export const xssPayloads: readonly XssPayload[] = [
  // --- plain HTML injection
  { id: 'script-tag', technique: 'inline script element', template: `<script>${M}</script>` },
  { id: 'img-onerror', technique: 'event handler on a broken image', template: `<img src=x onerror=${M}>` },
  { id: 'svg-onload', technique: 'SVG onload handler', template: `<svg onload=${M}>` },
  { id: 'svg-script', technique: 'script inside SVG', template: `<svg><script>${M}</script></svg>` },
  {
    id: 'details-ontoggle',
    technique: 'handler that fires without interaction',
    template: `<details open ontoggle=${M}>`,
  },
  { id: 'input-autofocus', technique: 'autofocus + onfocus', template: `<input autofocus onfocus=${M}>` },
  { id: 'body-onload', technique: 'a second body element', template: `<body onload=${M}>` },
  {
    id: 'script-external',
    technique: 'script from another origin',
    template: `<script src="https://attacker.invalid/x.js#${M}"></script>`,
  },
  {
    id: 'iframe-srcdoc',
    technique: 'iframe with an inline document',
    template: `<iframe srcdoc="<script>parent.${M}</script>"></iframe>`,
  },
  {
    id: 'iframe-javascript',
    technique: 'iframe with a javascript: URL',
    template: `<iframe src="javascript:${M}"></iframe>`,
  },
  { id: 'object-data', technique: 'object element', template: `<object data="javascript:${M}"></object>` },
  {
    id: 'embed-data-html',
    technique: 'embed with an HTML data: URL',
    template: `<embed src="data:text/html,<script>${M}</script>">`,
  },
  { id: 'base-href', technique: 'base element hijacking relative URLs', template: `<base href="javascript:${M}//">` },
  {
    id: 'meta-refresh',
    technique: 'meta refresh to a javascript: URL',
    template: `<meta http-equiv="refresh" content="0;url=javascript:${M}">`,
  },
  {
    id: 'form-action',
    technique: 'form posting to a javascript: URL',
    template: `<form action="javascript:${M}"><button>Go</button></form>`,
  },
  {
    id: 'button-formaction',
    technique: 'formaction attribute',
    template: `<button formaction="javascript:${M}">Go</button>`,
  },
  { id: 'anchor-javascript', technique: 'link to a javascript: URL', template: `<a href="javascript:${M}">dive</a>` },
  {
    id: 'anchor-entity-colon',
    technique: 'javascript: with an entity for the colon',
    template: `<a href="javascript&colon;${M}">dive</a>`,
  },
  {
    id: 'svg-xlink-href',
    technique: 'SVG link with xlink:href',
    template: `<svg><a xlink:href="javascript:${M}"><text x="20" y="20">dive</text></a></svg>`,
  },
  {
    id: 'svg-animate-href',
    technique: 'SVG animate rewriting href',
    template: `<svg><a><animate attributeName="href" values="javascript:${M}"/><text x="20" y="20">dive</text></a></svg>`,
  },
  // --- mutation XSS and broken markup
  {
    id: 'mxss-mathml',
    technique: 'mutation XSS through MathML namespace confusion',
    template: `<math><mtext><table><mglyph><style><img src=x onerror=${M}>`,
  },
  {
    id: 'mxss-noscript',
    technique: 'mutation XSS through noscript parsing',
    template: `<noscript><p title="</noscript><img src=x onerror=${M}>">`,
  },
  {
    id: 'html-comment',
    technique: 'comment that ends inside an attribute',
    template: `<!--<img src="--><img src=x onerror=${M}//">`,
  },
  { id: 'unclosed-tag', technique: 'broken markup: unclosed tag', template: `<img src=x onerror=${M} ` },
  { id: 'double-open', technique: 'broken markup: doubled angle bracket', template: `<<img src=x onerror=${M}>>` },
  {
    id: 'nested-script',
    technique: 'script split by a filtered tag',
    template: `<scr<script>ipt>${M}</scr</script>ipt>`,
  },
  // --- breaking out of the surrounding context
  { id: 'attr-breakout-double', technique: 'close a double-quoted attribute', template: `"><script>${M}</script>` },
  { id: 'attr-breakout-single', technique: 'close a single-quoted attribute', template: `'><img src=x onerror=${M}>` },
  {
    id: 'attr-breakout-handler',
    technique: 'add an event handler inside the same tag',
    template: `" autofocus onfocus="${M}" x="`,
  },
  {
    id: 'script-close',
    technique: 'close a script element (JSON-LD, inline JSON)',
    template: `</script><script>${M}</script>`,
  },
  { id: 'title-close', technique: 'close the title element', template: `</title><script>${M}</script>` },
  { id: 'textarea-close', technique: 'close a textarea', template: `</textarea><img src=x onerror=${M}>` },
  { id: 'style-close', technique: 'close a style element', template: `</style><img src=x onerror=${M}>` },
  {
    id: 'json-line-separators',
    technique: 'U+2028/U+2029 and a script close inside JSON',
    template: `\u2028\u2029</script><script>${M}</script>`,
  },
  {
    id: 'json-escaped-script',
    technique: 'pre-escaped \\u003c sequences',
    template: `\\u003cscript\\u003e${M}\\u003c/script\\u003e`,
  },
  {
    id: 'template-injection',
    technique: 'client-side template expression',
    template: `{{constructor.constructor('${M}')()}}`,
  },
  // --- CSS
  { id: 'css-expression', technique: 'CSS expression()', template: `<div style="width:expression(${M})">dive</div>` },
  {
    id: 'css-url-javascript',
    technique: 'CSS url(javascript:)',
    template: `<p style="background:url('javascript:${M}')">dive</p>`,
  },
  {
    id: 'style-import',
    technique: 'style element with @import',
    template: `<style>@import 'javascript:${M}';</style>`,
  },
  // --- URLs for link and image fields
  { id: 'javascript-url', technique: 'javascript: URL', template: `javascript:${M}` },
  { id: 'javascript-mixed-case', technique: 'javascript: in mixed case', template: `JaVaScRiPt:${M}` },
  { id: 'javascript-tab', technique: 'javascript: with a tab inside', template: `java\tscript:${M}` },
  {
    id: 'javascript-control-prefix',
    technique: 'javascript: after a control character',
    template: `\u0001javascript:${M}`,
  },
  { id: 'javascript-entity', technique: 'javascript: with an HTML entity', template: `&#106;avascript:${M}` },
  {
    id: 'javascript-slashes',
    technique: 'javascript: that looks like it has a host',
    template: `javascript://%0a${M}`,
  },
  { id: 'vbscript-url', technique: 'vbscript: URL', template: `vbscript:${M}` },
  {
    id: 'data-html',
    technique: 'HTML data: URL',
    template: `data:text/html,<script>${M}</script>`,
  },
  {
    id: 'data-html-base64',
    technique: 'base64 HTML data: URL',
    template: `data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==#${M}`,
  },
  {
    id: 'data-svg',
    technique: 'SVG data: URL with a handler',
    template: `data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="${M}"/>`,
  },
  {
    id: 'https-breakout',
    technique: 'valid https URL whose path closes the attribute',
    template: `https://example.com/"><script>${M}</script>`,
  },
  {
    id: 'path-breakout',
    technique: 'site path (no spaces) that closes the attribute',
    template: `/"><img/src=x/onerror=${M}>`,
  },
  {
    id: 'mailto-breakout',
    technique: 'mailto URL carrying markup',
    template: `mailto:diver@example.com?subject="><img src=x onerror=${M}>`,
  },
  {
    id: 'protocol-relative',
    technique: 'protocol-relative URL to another host',
    template: `//attacker.invalid/${M}`,
  },
];

/** The payload with its marker filled in. */
export function instantiate(payload: XssPayload, marker: number): string {
  return payload.template.replaceAll(markerPlaceholder, `__xss(${marker})`);
}

/** Every marker number in a piece of text. */
export function markersIn(text: string): number[] {
  return [...text.matchAll(markerPattern)].map((match) => Number(match[1]));
}
