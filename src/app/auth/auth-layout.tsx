import type { ReactNode } from 'react';
import { LogoMark } from '../../site/components/logo';

/** A calm card over a deep-water backdrop, shared by every account screen. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <main className="relative flex min-h-screen items-center justify-center overflow-hidden bg-abyss-950 px-4 py-12">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[url(/media/seed/cavern-light-beams.jpg)] bg-cover bg-center opacity-40"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-gradient-to-b from-abyss-950/40 via-abyss-950/70 to-abyss-950"
      />
      <div className="relative w-full max-w-md">
        <a href="/" className="mx-auto mb-6 flex w-fit items-center gap-2.5 text-white">
          <LogoMark className="size-10" />
          <span className="font-display text-2xl font-semibold">{title}</span>
        </a>
        <div className="rounded-2xl bg-white p-6 shadow-2xl shadow-black/40 sm:p-8 dark:bg-abyss-900">
          <h1 className="text-center font-display text-2xl font-semibold text-stone-900 dark:text-stone-50">{title}</h1>
          {subtitle ? <p className="mt-1 text-center text-sm text-stone-600 dark:text-stone-400">{subtitle}</p> : null}
          <div className="mt-6">{children}</div>
        </div>
      </div>
    </main>
  );
}
