import { Languages } from 'lucide-react';

/** Where the language switch leads, worked out on the server (see languageSwitchLink). */
export interface LanguageSwitchLink {
  /** This page in the other language, or that language's home page when it has no translation. */
  href: string;
  /** The other language's BCP 47 tag: the link's `lang` and `hreflang`. */
  lang: string;
  /** The other language named in itself: 'Español', 'English'. */
  name: string;
  /**
   * The accessible name, in the other language, saying where the link goes: 'Leer esta página en
   * español' (this page's translation) or 'Ir al sitio en español' (the other language's home).
   * It contains the visible name, so voice users can say what they see.
   */
  label: string;
}

const shared =
  'inline-flex items-center gap-1.5 rounded-full whitespace-nowrap transition hover:bg-lagoon-50 hover:text-lagoon-800 dark:hover:bg-white/5 dark:hover:text-lagoon-200';

/**
 * A plain link to the other language, shown by that language's own name. `strip`: the slim bar
 * above the desktop header; `menu`: a roomier, outlined pill for the mobile menu, easy to hit
 * with a thumb.
 */
export function LanguageSwitch({ link, layout = 'strip' }: { link: LanguageSwitchLink; layout?: 'strip' | 'menu' }) {
  const look =
    layout === 'strip'
      ? 'px-3 py-1 text-[0.8125rem] font-medium text-stone-700 dark:text-stone-300'
      : 'min-h-11 bg-white px-4 py-2 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 dark:bg-abyss-900 dark:text-stone-100 dark:ring-white/20';
  return (
    <a
      href={link.href}
      lang={link.lang}
      hrefLang={link.lang}
      aria-label={link.label}
      title={link.label}
      data-language-switch=""
      className={`${shared} ${look}`}
    >
      <Languages aria-hidden="true" className="size-4 shrink-0 text-lagoon-700 dark:text-lagoon-300" />
      {link.name}
    </a>
  );
}
