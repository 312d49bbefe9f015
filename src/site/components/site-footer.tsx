import type { SiteChrome } from '../site-types';
import { LogoMark } from './logo';
import { SocialIcon, type SocialNetwork } from './social-icons';

const divingResources = [
  { title: 'Required Certifications', href: '/required-certifications' },
  { title: 'Equipment Essentials', href: '/equipment-essentials' },
  { title: 'Conservation Efforts', href: '/conservation-efforts' },
  { title: 'Impact of Tourism', href: '/impact-of-tourism' },
];

const legalFallback = [
  { title: 'Privacy Policy', href: '/privacy-policy' },
  { title: 'Terms of Service', href: '/terms-of-service' },
  { title: 'Contact', href: '/contact' },
];

const certificationAgencies = ['PADI', 'SSI', 'NAUI', 'TDI'];

const socialLabels: Record<SocialNetwork, string> = {
  twitter: 'X (Twitter)',
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
};

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

export function SiteFooter({ chrome }: { chrome: SiteChrome }) {
  const quickLinks = chrome.header.slice(0, 5).map((item) => ({ title: item.title, href: item.href }));
  const legal =
    chrome.footer.length > 0 ? chrome.footer.map((item) => ({ title: item.title, href: item.href })) : legalFallback;
  const socials = (Object.keys(socialLabels) as SocialNetwork[]).flatMap((network) => {
    const href = chrome.social[network];
    return href ? [{ network, href }] : [];
  });
  return (
    <footer className="bg-abyss-950 text-stone-300">
      <div className="mx-auto grid max-w-7xl gap-12 px-5 py-16 sm:px-8 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div>
          <a href="/" className="inline-flex items-center gap-2.5">
            <LogoMark id="footer-logo" />
            <span className="font-display text-xl font-semibold text-white">{chrome.siteTitle}</span>
          </a>
          <p className="mt-4 max-w-sm leading-relaxed text-stone-400">
            An independent guide to the cenotes of the Yucatán Peninsula: how they formed, what lives in them, and how
            to dive them safely and with respect.
          </p>
          {socials.length > 0 ? (
            <ul className="mt-6 flex gap-3" aria-label="Social media">
              {socials.map(({ network, href }) => (
                <li key={network}>
                  <a
                    href={href}
                    rel="noopener noreferrer me"
                    target="_blank"
                    aria-label={socialLabels[network]}
                    className="inline-flex size-10 items-center justify-center rounded-full bg-white/5 text-stone-300 ring-1 ring-white/10 transition hover:bg-lagoon-700 hover:text-white"
                  >
                    <SocialIcon network={network} />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <LinkColumn title="Quick Links" links={quickLinks} />
        <LinkColumn title="Diving Resources" links={divingResources} />
        <LinkColumn title="Legal & Contact" links={legal} />
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-5 py-8 sm:px-8 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 className="text-xs font-semibold tracking-[0.14em] text-stone-400 uppercase">
              Our Partners &amp; Sponsors
            </h2>
            <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1 font-display text-lg text-stone-200">
              {certificationAgencies.map((agency) => (
                <li key={agency}>{agency}</li>
              ))}
            </ul>
          </div>
          <p className="text-sm text-stone-400">
            © {chrome.year} {chrome.siteTitle}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
