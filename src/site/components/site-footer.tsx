import { pagePath, type Locale } from '../../shared/lib/locale';
import { useSiteLocale } from '../../shared/i18n/site-locale';
import type { PlainMessageKey, SiteText } from '../../shared/i18n/site-text';
import type { SiteChrome } from '../../features/site-data/site-types';
import { LogoMark } from '../../shared/ui/logo';
import { SocialIcon, type SocialNetwork } from './social-icons';

/** A fixed footer link: its title's key and the page's path in each language (the seed's slugs). */
interface FixedLink {
  title: PlainMessageKey;
  href: Record<Locale, string>;
}

const divingResources: FixedLink[] = [
  {
    title: 'footer.resource.certifications',
    href: { en: '/required-certifications', es: '/es/certificaciones-requeridas' },
  },
  { title: 'footer.resource.equipment', href: { en: '/equipment-essentials', es: '/es/equipo-esencial' } },
  { title: 'footer.resource.conservation', href: { en: '/conservation-efforts', es: '/es/conservacion' } },
  { title: 'footer.resource.tourism', href: { en: '/impact-of-tourism', es: '/es/impacto-del-turismo' } },
];

const legalFallback: FixedLink[] = [
  { title: 'footer.legal.privacy', href: { en: '/privacy-policy', es: '/es/politica-de-privacidad' } },
  { title: 'footer.legal.terms', href: { en: '/terms-of-service', es: '/es/terminos-del-servicio' } },
  { title: 'footer.legal.contact', href: { en: '/contact', es: '/es/contacto' } },
];

const certificationAgencies = ['PADI', 'SSI', 'NAUI', 'TDI'];

const socialLabels: Record<SocialNetwork, PlainMessageKey> = {
  twitter: 'footer.social.twitter',
  facebook: 'footer.social.facebook',
  instagram: 'footer.social.instagram',
  youtube: 'footer.social.youtube',
};

const resolve = (links: FixedLink[], t: SiteText, locale: Locale) =>
  links.map((link) => ({ title: t(link.title), href: link.href[locale] }));

function LinkColumn({ title, links }: { title: string; links: Array<{ title: string; href: string }> }) {
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-[0.14em] text-lagoon-200 uppercase">{title}</h2>
      <ul className="mt-4 space-y-2.5">
        {links.map((link) => (
          <li key={link.href + link.title}>
            <a href={link.href} className="text-stone-300 transition hover:text-white">
              {link.title}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The footer, in the page's language (from SiteLayout's provider). */
export function SiteFooter({ chrome }: { chrome: SiteChrome }) {
  const { locale, t } = useSiteLocale();
  const quickLinks = chrome.header.slice(0, 5).map((item) => ({ title: item.title, href: item.href }));
  const legal =
    chrome.footer.length > 0
      ? chrome.footer.map((item) => ({ title: item.title, href: item.href }))
      : resolve(legalFallback, t, locale);
  const socials = (Object.keys(socialLabels) as SocialNetwork[]).flatMap((network) => {
    const href = chrome.social[network];
    return href ? [{ network, href }] : [];
  });
  return (
    <footer className="bg-abyss-950 text-stone-300">
      <div className="mx-auto grid max-w-7xl gap-12 px-5 py-16 sm:px-8 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div>
          <a href={pagePath(locale, 'home')} className="inline-flex items-center gap-2.5">
            <LogoMark id="footer-logo" />
            <span className="font-display text-xl font-semibold text-white">{chrome.siteTitle}</span>
          </a>
          <p className="mt-4 max-w-sm leading-relaxed text-stone-400">{t('footer.tagline')}</p>
          {socials.length > 0 ? (
            <ul className="mt-6 flex gap-3" aria-label={t('footer.socialMedia')}>
              {socials.map(({ network, href }) => (
                <li key={network}>
                  <a
                    href={href}
                    rel="noopener noreferrer me"
                    target="_blank"
                    aria-label={t(socialLabels[network])}
                    className="inline-flex size-10 items-center justify-center rounded-full bg-white/5 text-stone-300 ring-1 ring-white/10 transition hover:bg-lagoon-700 hover:text-white"
                  >
                    <SocialIcon network={network} />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <LinkColumn title={t('footer.quickLinks')} links={quickLinks} />
        <LinkColumn title={t('footer.divingResources')} links={resolve(divingResources, t, locale)} />
        <LinkColumn title={t('footer.legalTitle')} links={legal} />
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-5 py-8 sm:px-8 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 className="text-xs font-semibold tracking-[0.14em] text-stone-400 uppercase">{t('footer.partners')}</h2>
            <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1 font-display text-lg text-stone-200">
              {certificationAgencies.map((agency) => (
                <li key={agency}>{agency}</li>
              ))}
            </ul>
          </div>
          <p className="text-sm text-stone-400">
            {t('footer.copyright', { year: chrome.year, siteTitle: chrome.siteTitle })}
          </p>
        </div>
      </div>
    </footer>
  );
}
