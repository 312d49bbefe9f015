import type { Role } from '../../../features/auth/auth.dto';

export type { Role };

/** Query keys: every change to people refreshes the lists under these. */
export const usersKey = ['team', 'users'] as const;
export const invitationsKey = ['team', 'invitations'] as const;

export const roleLabels: Record<Role, string> = { admin: 'Admin', editor: 'Editor', viewer: 'Viewer' };

export const roleOptions: ReadonlyArray<{ value: Role; label: string }> = [
  { value: 'admin', label: 'Admin' },
  { value: 'editor', label: 'Editor' },
  { value: 'viewer', label: 'Viewer' },
];
