import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../platform/db/client.server';
import { roles, type Role, type SessionUser } from './auth.dto';
import { users, type UserRow } from './auth.table';
import { hashPassword, passwordMaxLength, passwordMinLength } from './passwords.server';

export { roles, type Role };

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'Enter a valid e-mail address.' }));

export const newUserSchema = z.object({
  email: emailSchema,
  password: z
    .string()
    .min(passwordMinLength, { message: 'Password must be at least 6 characters long.' })
    .max(passwordMaxLength, { message: 'Password must be at most 1024 characters long.' }),
  fullName: z.string().trim().max(200).optional(),
  role: z.enum(roles).default('viewer'),
  verified: z.boolean().default(false),
});

export class UserExistsError extends Error {
  constructor(email: string) {
    super(`An account with the e-mail ${email} already exists.`);
    this.name = 'UserExistsError';
  }
}

/** Creates an account; full_name defaults to the e-mail (spec section 3). */
export async function createUser(
  db: Database,
  input: z.input<typeof newUserSchema>,
  now: Date = new Date(),
): Promise<UserRow> {
  const data = newUserSchema.parse(input);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, data.email)).limit(1);
  if (existing) throw new UserExistsError(data.email);
  const [row] = await db
    .insert(users)
    .values({
      email: data.email,
      password_hash: await hashPassword(data.password),
      full_name: data.fullName || data.email,
      role: data.role,
      email_verified_at: data.verified ? now : null,
      created_at: now,
      updated_at: now,
    })
    .returning();
  if (!row) throw new Error('Creating the user returned nothing');
  return row;
}

export async function setUserRole(db: Database, email: string, role: Role): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ role, updated_at: new Date() })
    .where(eq(users.email, emailSchema.parse(email)))
    .returning();
  return row;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export function toSessionUser(row: UserRow): SessionUser {
  return {
    id: row.id,
    email: row.email,
    fullName: row.full_name,
    role: row.role as Role,
    emailVerified: row.email_verified_at !== null,
    two_factor_enabled: row.totp_enabled_at !== null,
  };
}
