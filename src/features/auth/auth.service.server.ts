import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client.server';
import { AppError, badRequest } from '../../server/plugins/app-error.server';
import type { Mailer } from '../mail/mailer.server';
import { passwordResetEmail, verificationEmail } from './auth-emails.server';
import { emailVerificationTokens, passwordResetTokens, users, type UserRow } from './auth.table';
import { hashPassword, passwordMaxLength, passwordMinLength, verifyPassword } from './passwords.server';
import { clearRateLimit, enforceRateLimits, rateLimitRules } from './rate-limits.server';
import { createSession, deleteSessionsOfUser, type NewSession } from './sessions.server';
import { linkTokenPattern, newLinkToken, sha256 } from './tokens.server';
import { createUser, emailSchema, findUserByEmail, UserExistsError } from './users.service.server';

/** What the auth use cases need; routes pass the app's database, clock and mailer. */
export interface AuthDeps {
  db: Database;
  now: () => Date;
  mailer: Mailer;
  /** Links in e-mails are always built from PUBLIC_URL, never from the request's Host header. */
  publicUrl: string;
}

const hourMs = 60 * 60 * 1000;
export const verificationTokenLifetimeMs = 24 * hourMs;
export const resetTokenLifetimeMs = hourMs;

/** Texts shown to the user as toasts (spec sections 5 and 8 where it has them). */
export const authMessages = {
  emailRequired: 'Please enter your email address.',
  emailInvalid: 'Please enter a valid email address.',
  passwordRequired: 'Please enter your password.',
  passwordTooShort: 'Password must be at least 6 characters long.',
  passwordTooLong: 'Password must be at most 1024 characters long.',
  emailTaken: 'An account with this email already exists. Sign in, or reset your password if you forgot it.',
  signedUp: 'Please check your email to verify your account.',
  invalidCredentials: 'Invalid email or password.',
  emailNotVerified:
    'Please verify your email address before signing in. Check your inbox for the verification link; we can send it again if it did not arrive.',
  verificationMissing: 'No valid verification token found.',
  verificationInvalid:
    'This verification link is invalid, already used or expired. Sign in to have a new link sent to you.',
  verified: 'Your email address is verified. You can now sign in.',
  verificationResent:
    'If an account with this email is waiting for verification, a new link is on its way. Check your inbox.',
  resetRequested: 'Check your email for password reset instructions.',
  resetMissing: 'No valid reset token found.',
  resetInvalid: 'Failed to update password. The reset link may be invalid or expired.',
  passwordUpdated: 'Your password has been successfully updated. You can now sign in with your new password.',
} as const;

/** A trimmed, lowercased address, or a 400 naming the field. */
export function parseEmail(value: string | undefined, field = 'email'): string {
  if (!value || !value.trim()) throw badRequest('email_required', authMessages.emailRequired, field);
  const parsed = emailSchema.safeParse(value);
  if (!parsed.success) throw badRequest('invalid_email', authMessages.emailInvalid, field);
  return parsed.data;
}

/** Length rules of spec section 5 (at least 6), with an upper bound against hashing huge inputs. */
export function checkNewPassword(value: string | undefined, field = 'password'): string {
  const password = value ?? '';
  if (password.length < passwordMinLength) throw badRequest('weak_password', authMessages.passwordTooShort, field);
  if (password.length > passwordMaxLength) throw badRequest('weak_password', authMessages.passwordTooLong, field);
  return password;
}

const invalidToken = (message: string, field = 'token') => badRequest('invalid_token', message, field);

let dummyHash: Promise<string> | undefined;
/** Verifying against this when the account does not exist keeps sign-in timing the same. */
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('there is no account with this address');
  return dummyHash;
}

function verifyLink(publicUrl: string, token: string): string {
  return `${publicUrl}/auth/verify?token=${token}`;
}

function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/auth/reset-password?token=${token}`;
}

async function sendVerification(deps: AuthDeps, user: UserRow): Promise<void> {
  const token = newLinkToken();
  const now = deps.now();
  await deps.db.insert(emailVerificationTokens).values({
    user_id: user.id,
    token_hash: sha256(token),
    expires_at: new Date(now.getTime() + verificationTokenLifetimeMs),
    created_at: now,
  });
  deps.mailer.send(verificationEmail(user.email, verifyLink(deps.publicUrl, token)));
}

export async function signUp(
  deps: AuthDeps,
  ip: string,
  input: { email?: string; password?: string; fullName?: string | undefined },
): Promise<{ message: string }> {
  const email = parseEmail(input.email);
  const password = checkNewPassword(input.password);
  await enforceRateLimits(deps.db, deps.now(), [[rateLimitRules.signUpIp, ip]]);
  let user: UserRow;
  try {
    user = await createUser(
      deps.db,
      { email, password, fullName: input.fullName?.trim() || undefined, role: 'viewer' },
      deps.now(),
    );
  } catch (error) {
    if (error instanceof UserExistsError) throw new AppError(409, 'email_taken', authMessages.emailTaken, 'email');
    throw error;
  }
  await sendVerification(deps, user);
  return { message: authMessages.signedUp };
}

export async function verifyEmail(deps: AuthDeps, token: string | undefined): Promise<{ message: string }> {
  if (!token) throw invalidToken(authMessages.verificationMissing);
  if (!linkTokenPattern.test(token)) throw invalidToken(authMessages.verificationInvalid);
  const now = deps.now();
  // One statement marks the token used, so two clicks at once cannot both succeed.
  const [used] = await deps.db
    .update(emailVerificationTokens)
    .set({ used_at: now })
    .where(
      and(
        eq(emailVerificationTokens.token_hash, sha256(token)),
        isNull(emailVerificationTokens.used_at),
        gt(emailVerificationTokens.expires_at, now),
      ),
    )
    .returning({ userId: emailVerificationTokens.user_id });
  if (!used) throw invalidToken(authMessages.verificationInvalid);
  await deps.db
    .update(users)
    .set({
      email_verified_at: sql`coalesce(${users.email_verified_at}, ${now.toISOString()}::timestamptz)`,
      updated_at: now,
    })
    .where(eq(users.id, used.userId));
  return { message: authMessages.verified };
}

/** Always the same answer, so it reveals nothing about which addresses have accounts. */
export async function resendVerification(
  deps: AuthDeps,
  ip: string,
  rawEmail: string | undefined,
): Promise<{ message: string }> {
  const email = parseEmail(rawEmail);
  await enforceRateLimits(deps.db, deps.now(), [
    [rateLimitRules.resendVerificationIp, ip],
    [rateLimitRules.resendVerificationEmail, email],
  ]);
  const user = await findUserByEmail(deps.db, email);
  if (user && user.email_verified_at === null) await sendVerification(deps, user);
  // The same token work either way, so the timing says no more than the answer does.
  else sha256(newLinkToken());
  return { message: authMessages.verificationResent };
}

export async function signIn(
  deps: AuthDeps,
  ip: string,
  input: { email?: string; password?: string },
): Promise<{ user: UserRow; session: NewSession }> {
  const email = parseEmail(input.email);
  if (!input.password) throw badRequest('password_required', authMessages.passwordRequired, 'password');
  await enforceRateLimits(deps.db, deps.now(), [
    [rateLimitRules.signInIp, ip],
    [rateLimitRules.signInEmail, email],
  ]);
  const user = await findUserByEmail(deps.db, email);
  const passwordOk = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), input.password);
  if (!user || !passwordOk) throw new AppError(401, 'invalid_credentials', authMessages.invalidCredentials);
  // Only after the password is right, so this does not reveal which addresses have accounts.
  if (user.email_verified_at === null) {
    throw new AppError(403, 'email_not_verified', authMessages.emailNotVerified, 'email');
  }
  await clearRateLimit(deps.db, rateLimitRules.signInEmail, email);
  return { user, session: await createSession(deps.db, user.id, deps.now()) };
}

/**
 * Spec section 7, reset flow: a 64-hex-character token valid 1 hour, stored only as SHA-256.
 * The answer, and the work done, are the same whether or not the account exists.
 */
export async function requestPasswordReset(
  deps: AuthDeps,
  ip: string,
  rawEmail: string | undefined,
): Promise<{ message: string }> {
  const email = parseEmail(rawEmail);
  const now = deps.now();
  await enforceRateLimits(deps.db, now, [
    [rateLimitRules.resetRequestIp, ip],
    [rateLimitRules.resetRequestEmail, email],
  ]);
  const token = newLinkToken();
  const tokenHash = sha256(token);
  const user = await findUserByEmail(deps.db, email);
  if (user) {
    await deps.db.insert(passwordResetTokens).values({
      email: user.email,
      token_hash: tokenHash,
      expires_at: new Date(now.getTime() + resetTokenLifetimeMs),
      used: false,
      created_at: now,
    });
    deps.mailer.send(passwordResetEmail(user.email, resetLink(deps.publicUrl, token)));
  }
  return { message: authMessages.resetRequested };
}

/**
 * Sets a new password with a reset token: the token is used up, every session of the account
 * ends (decision 10) and nobody is signed in. Following the e-mailed link also proves the address.
 */
export async function resetPassword(
  deps: AuthDeps,
  input: { token?: string | undefined; newPassword?: string | undefined },
): Promise<{ message: string }> {
  if (!input.token) throw invalidToken(authMessages.resetMissing);
  const password = checkNewPassword(input.newPassword, 'newPassword');
  if (!linkTokenPattern.test(input.token)) throw invalidToken(authMessages.resetInvalid);
  const tokenHash = sha256(input.token);
  const passwordHash = await hashPassword(password);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [token] = await tx
      .update(passwordResetTokens)
      .set({ used: true })
      .where(
        and(
          eq(passwordResetTokens.token_hash, tokenHash),
          eq(passwordResetTokens.used, false),
          gt(passwordResetTokens.expires_at, now),
        ),
      )
      .returning({ email: passwordResetTokens.email });
    if (!token) throw invalidToken(authMessages.resetInvalid);
    const [user] = await tx
      .update(users)
      .set({
        password_hash: passwordHash,
        email_verified_at: sql`coalesce(${users.email_verified_at}, ${now.toISOString()}::timestamptz)`,
        updated_at: now,
      })
      .where(eq(users.email, token.email))
      .returning({ id: users.id });
    if (!user) throw invalidToken(authMessages.resetInvalid);
    // Any other link sent to this address is void now too.
    await tx.update(passwordResetTokens).set({ used: true }).where(eq(passwordResetTokens.email, token.email));
    await deleteSessionsOfUser(tx, user.id);
  });
  return { message: authMessages.passwordUpdated };
}
