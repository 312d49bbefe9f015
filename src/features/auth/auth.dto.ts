import { z } from 'zod';

export const roles = ['viewer', 'editor', 'admin'] as const;
export type Role = (typeof roles)[number];

/** The signed-in account as the API returns it (GET /api/v1/auth/session, sign-in, setup). */
export const sessionUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  fullName: z.string(),
  role: z.enum(roles),
  emailVerified: z.boolean(),
  /*
   * Decision 39. Optional so that every producer of a session user need not know them; GET
   * /api/v1/auth/session always sends both for a signed-in person.
   */
  two_factor_enabled: z.boolean().optional().describe('Two-factor sign-in is on for this account'),
  two_factor_setup_required: z
    .boolean()
    .optional()
    .describe(
      'Two-factor is required for editors and admins and this account has not turned it on: every other API route answers 403 two_factor_setup_required until it does',
    ),
});

export type SessionUser = z.output<typeof sessionUserSchema>;

export const messageSchema = z.object({ message: z.string().describe('A sentence to show the user') });
