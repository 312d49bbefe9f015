/**
 * The admin's sections by path: what the client routes to and what the server answers 200 for.
 * Kept free of React so the server can read it without loading the admin's screens.
 */
export const adminSections = {
  pages: { adminOnly: false },
  blocks: { adminOnly: false },
  navigation: { adminOnly: false },
  /** Decision 36: editors manage redirects as part of the content. */
  redirects: { adminOnly: false },
  media: { adminOnly: false },
  /** Site health: the publish check over every page (decision 37). */
  health: { adminOnly: false },
  // Settings, backups and the team are admins' (decision 38); the API refuses them to editors too.
  seo: { adminOnly: true },
  performance: { adminOnly: true },
  backups: { adminOnly: true },
  team: { adminOnly: true },
  /** The signed-in person's own account (two-factor); reached from the header, not a tab. */
  account: { adminOnly: false },
} as const;

/** The screens inside Team, by path below /admin/team/. */
export const teamScreens = ['users', 'audit', 'api-tokens', 'webhooks'] as const;
export type TeamScreenPath = (typeof teamScreens)[number];

export type AdminSectionPath = keyof typeof adminSections;

/**
 * The HTTP status the admin shell is sent with for a signed-in staff member: 200 for a screen
 * that exists (/admin, a section, /admin/pages/trash, /admin/pages/<id or new>, /admin/team/<screen>), 403 for an
 * admins-only section asked for by an editor, 404 for anything else. A trailing slash is allowed.
 */
export function adminPathStatus(pathname: string, role: string): 200 | 403 | 404 {
  const parts = pathname.replace(/\/+$/, '').split('/').slice(1);
  if (parts[0] !== 'admin') return 404;
  const [, section, child, ...rest] = parts;
  if (section === undefined) return 200;
  if (!Object.hasOwn(adminSections, section) || rest.length > 0) return 404;
  const known = adminSections[section as AdminSectionPath];
  // Only Pages (Trash, each page's editor) and Team (its screens) have screens below them.
  if (child !== undefined) {
    if (child === '') return 404;
    if (section === 'team' && !(teamScreens as readonly string[]).includes(child)) return 404;
    if (section !== 'pages' && section !== 'team') return 404;
  }
  if (known.adminOnly && role !== 'admin') return 403;
  return 200;
}
