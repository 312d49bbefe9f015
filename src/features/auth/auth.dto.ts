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
});

export type SessionUser = z.output<typeof sessionUserSchema>;

export const messageSchema = z.object({ message: z.string().describe('A sentence to show the user') });
