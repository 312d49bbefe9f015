import { describe, expect, it } from 'vitest';
import { adminPathStatus, adminSections } from './admin-paths';

describe('adminPathStatus', () => {
  it.each([
    ['/admin', 'editor'],
    ['/admin/', 'editor'],
    ['/admin/pages', 'editor'],
    ['/admin/pages/', 'editor'],
    ['/admin/pages/trash', 'editor'],
    ['/admin/pages/new', 'editor'],
    ['/admin/pages/3f0c6a52-1d2e-4c55-9f4e-3a1b2c3d4e5f', 'editor'],
    ['/admin/blocks', 'editor'],
    ['/admin/navigation', 'editor'],
    ['/admin/redirects', 'editor'],
    ['/admin/redirects', 'admin'],
    ['/admin/media', 'editor'],
    ['/admin/health', 'editor'],
    ['/admin/seo', 'admin'],
    ['/admin/performance', 'admin'],
    ['/admin/backups', 'admin'],
    ['/admin/team', 'admin'],
    ['/admin/team/users', 'admin'],
    ['/admin/team/audit', 'admin'],
    ['/admin/team/api-tokens', 'admin'],
    ['/admin/team/webhooks', 'admin'],
    ['/admin/account', 'editor'],
    ['/admin/account', 'admin'],
  ])('%s is a screen for an %s', (path, role) => {
    expect(adminPathStatus(path, role)).toBe(200);
  });

  it.each([
    '/admin/nope',
    '/admin/pages/a/b',
    '/admin/media/x',
    '/admin/health/x',
    '/admin/redirects/x',
    '/admin/team/x',
    '/admin/team/users/1',
    '/admin/account/x',
    '/admin/toString',
    '/admin/__proto__',
    '/admins',
  ])('%s is not found', (path) => {
    expect(adminPathStatus(path, 'admin')).toBe(404);
  });

  it('keeps settings, Backups and Team from editors', () => {
    for (const path of ['/admin/seo', '/admin/performance', '/admin/backups', '/admin/team', '/admin/team/audit']) {
      expect(adminPathStatus(path, 'editor')).toBe(403);
    }
    expect(
      Object.entries(adminSections)
        .filter(([, section]) => section.adminOnly)
        .map(([path]) => path),
    ).toEqual(['seo', 'performance', 'backups', 'team']);
  });
});
