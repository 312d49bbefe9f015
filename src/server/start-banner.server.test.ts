import { describe, expect, it } from 'vitest';
import { describeData, formatStartBanner } from './start-banner.server';

const config = { publicUrl: 'http://localhost:3000', databaseUrl: undefined, dataDir: '/srv/atlas/data' };
const setupUrl = `http://localhost:3000/setup?token=${'a1'.repeat(32)}`;

describe('start-up banner', () => {
  it('shows the site, the admin, the data and the setup link while no admin exists', () => {
    const banner = formatStartBanner({ config, setupUrl, color: false });
    const lines = banner.split('\n').map((line) => line.trim());
    expect(lines).toContain('Site   http://localhost:3000/');
    expect(lines).toContain('Admin  http://localhost:3000/admin');
    expect(lines).toContain('Data   /srv/atlas/data (embedded database)');
    // The link stands on a line of its own, so a terminal makes it clickable and nothing sticks to it.
    expect(lines).toContain(setupUrl);
    expect(banner).not.toContain('\u001b[');
    expect(banner.split('\n').length).toBeLessThanOrEqual(14);
  });

  it('says nothing about setup once an admin exists', () => {
    const banner = formatStartBanner({ config, setupUrl: undefined, color: false });
    expect(banner).not.toMatch(/setup|admin account/i);
    expect(banner).toContain('Admin  http://localhost:3000/admin');
  });

  it('uses bold for the heading and the link only when colours are on', () => {
    const banner = formatStartBanner({ config, setupUrl, color: true });
    expect(banner).toContain(`\u001b[1m${setupUrl}\u001b[22m`);
    expect(banner).toContain('\u001b[1mCenote Atlas is ready.\u001b[22m');
  });

  it('names a PostgreSQL server without its credentials', () => {
    expect(describeData({ databaseUrl: 'postgres://cenote:s3cret@db.internal:6543/atlas', dataDir: '/x' })).toBe(
      'PostgreSQL at db.internal:6543/atlas',
    );
    expect(describeData({ databaseUrl: 'postgresql://u:p@db/atlas', dataDir: '/x' })).toBe(
      'PostgreSQL at db:5432/atlas',
    );
  });
});
