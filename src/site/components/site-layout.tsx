import type { ReactNode } from 'react';
import { Island } from '../../shared/ui/island';
import { SiteHeader } from '../islands/site-header';
import type { SiteChrome } from '../site-types';
import { SiteFooter } from './site-footer';

export function SiteLayout({
  chrome,
  currentPath,
  banner,
  children,
}: {
  chrome: SiteChrome;
  currentPath: string;
  /** A strip above the header (the preview notice); public pages have none. */
  banner?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-lagoon-800 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      {banner}
      <Island
        name="header"
        component={SiteHeader}
        props={{ siteTitle: chrome.siteTitle, items: chrome.header, currentPath }}
      />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter chrome={chrome} />
    </div>
  );
}
