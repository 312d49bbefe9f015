import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { LogoMark } from '../../shared/ui/logo';

/** A link that looks like the secondary button (for 'Back to Sign In' and the like). */
export const secondaryLinkClass =
  'flex h-10 w-full items-center justify-center rounded-lg bg-white px-4 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 transition hover:bg-stone-50 dark:bg-abyss-800 dark:text-stone-100 dark:ring-white/15 dark:hover:bg-abyss-900';

/**
 * A calm card over a deep-water backdrop, shared by every account screen (and the server's
 * 403 screen for /admin, which renders it to static HTML).
 */
export function AuthLayout({
  title,
  subtitle,
  homeLink = true,
  children,
}: {
  title: string;
  subtitle?: string;
  /** The 'Back to {title}' link under the card; off where the card itself leads home. */
  homeLink?: boolean;
  children: ReactNode;
}) {
  return (
    <main className="relative flex min-h-dvh flex-col items-center justify-center overflow-hidden bg-abyss-950 px-4 py-10 sm:py-16">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[url(/media/seed/cavern-light-beams.jpg)] bg-cover bg-center opacity-40"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-gradient-to-b from-abyss-950/40 via-abyss-950/70 to-abyss-950"
      />
      <div className="relative w-full max-w-md">
        <div className="rounded-2xl bg-white px-5 py-7 shadow-2xl ring-1 shadow-black/40 ring-black/5 sm:px-8 sm:py-9 dark:bg-abyss-900 dark:ring-white/10">
          <LogoMark className="mx-auto size-12" />
          <h1 className="mt-3 text-center font-display text-[1.75rem] leading-tight font-semibold text-stone-900 dark:text-stone-50">
            {title}
          </h1>
          {subtitle ? (
            <p className="mt-1.5 text-center text-sm text-stone-600 dark:text-stone-400">{subtitle}</p>
          ) : null}
          <div className="mt-7">{children}</div>
        </div>
        {homeLink ? (
          <p className="mt-6 text-center">
            <a
              href="/"
              className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-white/80 transition hover:text-white"
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back to {title}
            </a>
          </p>
        ) : null}
      </div>
    </main>
  );
}
