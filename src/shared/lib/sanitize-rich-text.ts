import sanitizeHtml from 'sanitize-html';

/**
 * The only HTML an editor's rich text may contain (decision 12). Used on save and again on
 * render, so stored content that predates a rule change is still made safe.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'hr',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const external = /^https?:/i.test(attribs['href'] ?? '');
      return {
        tagName,
        attribs: external
          ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' }
          : { ...attribs, target: '', rel: '' },
      };
    },
  },
  // A link whose address was removed keeps its text but loses the tag.
  exclusiveFilter: (frame) => (frame.tag === 'a' && !frame.attribs['href'] ? 'excludeTag' : false),
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).replace(/ (target|rel)=""/g, '');
}
