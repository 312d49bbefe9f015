import { z } from 'zod';
import { roles } from '../auth/auth.dto';

export const userStatuses = ['active', 'disabled', 'unverified'] as const;
export type UserStatus = (typeof userStatuses)[number];

/** One account as the Users screen lists it (GET /api/v1/users). */
export const userListItemSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  full_name: z.string(),
  role: z.enum(roles),
  status: z
    .enum(userStatuses)
    .describe('disabled: an admin turned the account off; unverified: the e-mail address is not confirmed yet'),
  two_factor: z.boolean().describe('Whether two-factor sign-in is on'),
  last_sign_in_at: z.string().nullable(),
  created_at: z.string(),
});
export type UserListItem = z.output<typeof userListItemSchema>;

export const userListSchema = z.object({ items: z.array(userListItemSchema), next_cursor: z.string().nullable() });
export type UserList = z.output<typeof userListSchema>;

export const invitationStatuses = ['pending', 'expired'] as const;

/** An invitation that has not been accepted yet (GET /api/v1/invitations). */
export const invitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(roles),
  invited_by: z.string().nullable().describe('The name of the admin who sent it (null once that account is gone)'),
  expires_at: z.string(),
  created_at: z.string(),
  status: z.enum(invitationStatuses),
});
export type Invitation = z.output<typeof invitationSchema>;

export const invitationListSchema = z.object({ items: z.array(invitationSchema), next_cursor: z.string().nullable() });
export type InvitationList = z.output<typeof invitationListSchema>;
