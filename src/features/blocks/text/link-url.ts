export type LinkCheck = { ok: true; href: string } | { ok: false; error: string };

export const linkUrlHelp = 'Use a site path like /safety-guidelines, an https:// address or a mailto: address.';

/**
 * Checks an address typed into the rich text editor's link prompt. Only a path on this site
 * (/...), an https:// address or a mailto: address is accepted; anything else gets a message.
 */
export function checkLinkUrl(raw: string): LinkCheck {
  const href = raw.trim();
  if (href === '') return { ok: false, error: 'Enter an address for the link.' };
  if (/\s/.test(href)) return { ok: false, error: 'An address cannot contain spaces.' };
  if (href.startsWith('/')) {
    if (href.startsWith('//') || href.includes('\\')) return { ok: false, error: linkUrlHelp };
    return { ok: true, href };
  }
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    if (/^[\w-]+(\.[\w-]+)+/.test(href))
      return { ok: false, error: `Start the address with https:// (https://${href}).` };
    return { ok: false, error: linkUrlHelp };
  }
  if (url.protocol === 'https:') {
    if (url.hostname === '' || !href.toLowerCase().startsWith('https://')) return { ok: false, error: linkUrlHelp };
    return { ok: true, href };
  }
  if (url.protocol === 'mailto:') {
    if (url.pathname === '' || !url.pathname.includes('@')) {
      return { ok: false, error: 'Add an e-mail address after mailto: (mailto:info@example.com).' };
    }
    return { ok: true, href };
  }
  if (url.protocol === 'http:') return { ok: false, error: 'Use the secure https:// form of the address.' };
  return { ok: false, error: linkUrlHelp };
}
