import { styleText } from 'node:util';
import type { AppConfig } from '../platform/env.server';

export interface StartBannerInput {
  config: Pick<AppConfig, 'publicUrl' | 'databaseUrl' | 'dataDir'>;
  /** The first-run setup link, while no admin account exists. */
  setupUrl: string | undefined;
  color: boolean;
}

/** Where the content lives, without credentials. */
export function describeData(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): string {
  if (!config.databaseUrl) return `${config.dataDir} (embedded database)`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL at ${url.hostname}:${url.port || '5432'}${url.pathname}`;
}

/**
 * What a person at a terminal needs once the server is ready: where the site and the admin are,
 * and the one-time link to create the first admin account while there is none.
 */
export function formatStartBanner({ config, setupUrl, color }: StartBannerInput): string {
  const bold = (text: string) => (color ? styleText('bold', text, { validateStream: false }) : text);
  const dim = (text: string) => (color ? styleText('dim', text, { validateStream: false }) : text);
  const lines = [
    '',
    `  ${bold('Cenote Atlas is ready.')}`,
    '',
    `  Site   ${config.publicUrl}/`,
    `  Admin  ${config.publicUrl}/admin`,
    `  Data   ${describeData(config)}`,
  ];
  if (setupUrl) {
    lines.push(
      '',
      '  No admin account exists yet. Create yours with this link (valid for 24 hours):',
      `  ${bold(setupUrl)}`,
    );
  }
  lines.push('', `  ${dim('Ctrl+C stops the server.')}`, '', '');
  return lines.join('\n');
}
