import type { FastifyInstance } from 'fastify';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.server';
import { AppError, badRequest } from '../../platform/http/app-error.server';
import { recordAudit } from '../audit/audit.server';
import type { Mailer } from '../mail/mailer.server';
import { passwordResetEmail, signInAttemptsEmail, verificationEmail } from './auth-emails.server';
import { emailVerificationTokens, passwordResetTokens, users, type UserRow } from './auth.table';
import {
  hashPassword,
  passwordHashIsOutdated,
  passwordMaxLength,
  passwordMinLength,
  verifyPassword,
} from './passwords.server';
import { isKnownBrowser } from './known-browsers.server';
import {
  addressSubject,
  clearRateLimit,
  clearSignInLimitsOfAccount,
  describeWait,
  emailSubject,
  enforceRateLimits,
  rateLimitRules,
  releaseRateLimitSlot,
  takeRateLimitSlots,
  type RateLimitRule,
  type RateLimitSlot,
} from './rate-limits.server';
import { createSession, deleteSessionsOfUser, type NewSession } from './sessions.server';
import { linkTokenPattern, newLinkToken, sha256 } from './tokens.server';
import { createTwoFactorChallenge, type NewChallenge } from './two-factor.service.server';
import { createUser, emailSchema, findUserByEmail, UserExistsError } from './users.service.server';

/** What the auth use cases need; routes pass the app's database, clock and mailer. */
export interface AuthDeps {
  db: Database;
  now: () => Date;
  mailer: Mailer;
  /** Links in e-mails are always built from PUBLIC_URL, never from the request's Host header. */
  publicUrl: string;
}

/** The mailing, clock and database a server gives the account services (auth, invitations). */
export function authDepsOf(app: FastifyInstance): AuthDeps {
  return { db: app.db, now: () => app.clock.now(), mailer: app.mailer, publicUrl: app.config.publicUrl };
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
  accountDisabled: 'This account is disabled. Ask an admin of this site to enable it.',
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
  await enforceRateLimits(deps.db, deps.now(), [[rateLimitRules.signUpIp, addressSubject(ip)]]);
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
    [rateLimitRules.resendVerificationIp, addressSubject(ip)],
    [rateLimitRules.resendVerificationEmail, emailSubject(email)],
  ]);
  const user = await findUserByEmail(deps.db, email);
  if (user && user.email_verified_at === null) await sendVerification(deps, user);
  // The same token work either way, so the timing says no more than the answer does.
  else sha256(newLinkToken());
  return { message: authMessages.verificationResent };
}

/** Where a sign-in comes from: the client address and the browser's known-browser cookie, if any. */
export interface SignInOrigin {
  ip: string;
  knownBrowser?: string | undefined;
}

/**
 * A right password ends in a session, or, for an account with two-factor on, in a challenge:
 * no session until a code completes it (POST /api/v1/auth/2fa/verify).
 */
export type SignInOutcome =
  | { user: UserRow; session: NewSession; challenge?: undefined }
  | { user: UserRow; session?: undefined; challenge: NewChallenge };

/**
 * Decision 47: only failures count (a wrong password or an unknown account), per account and
 * address (10 in 15 minutes), per address (30) and per account from every address together (50;
 * a browser that has signed in to the account before is exempt from this one). Each attempt takes
 * its places in the windows before the password is checked, so a full window refuses with 429
 * without testing the password, and parallel guesses cannot overrun a limit. A right password
 * gives the places back and clears the account+address count: success never counts.
 */
export async function signIn(
  deps: AuthDeps,
  origin: SignInOrigin,
  input: { email?: string; password?: string },
): Promise<SignInOutcome> {
  const email = parseEmail(input.email);
  if (!input.password) throw badRequest('password_required', authMessages.passwordRequired, 'password');
  const now = deps.now();
  const account = emailSubject(email);
  const address = addressSubject(origin.ip);
  const user = await findUserByEmail(deps.db, email);
  const knownBrowser = user !== undefined && (await isKnownBrowser(deps.db, user, origin.knownBrowser));
  const limits: Array<readonly [RateLimitRule, string]> = [
    [rateLimitRules.signInAddress, address],
    [rateLimitRules.signInAccountAddress, `${account}:${address}`],
  ];
  if (!knownBrowser) limits.push([rateLimitRules.signInAccount, account]);
  const slots = await takeRateLimitSlots(deps.db, now, limits);

  let passwordOk: boolean;
  try {
    passwordOk = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), input.password);
  } catch (error) {
    await releaseSlots(deps.db, slots);
    throw error;
  }
  if (!user || !passwordOk) {
    // The failure keeps its places. The one that fills the account-wide window tells the owner.
    const accountSlot = slots.find((slot) => slot.rule === rateLimitRules.signInAccount);
    if (user && accountSlot && accountSlot.count === rateLimitRules.signInAccount.limit) {
      await warnOwner(deps, user, accountSlot, now);
    }
    await recordAudit(deps.db, {
      action: 'auth.sign_in_failed',
      actor: { type: 'anonymous', label: email },
      ...(user ? { target: { type: 'user', id: user.id, label: user.email } } : {}),
      ip: origin.ip,
      summary: user ? 'Wrong password.' : 'No account has this e-mail address.',
    });
    throw new AppError(401, 'invalid_credentials', authMessages.invalidCredentials);
  }
  await releaseSlots(
    deps.db,
    slots.filter((slot) => slot.rule !== rateLimitRules.signInAccountAddress),
  );
  await clearRateLimit(deps.db, rateLimitRules.signInAccountAddress, `${account}:${address}`);
  // Only after the password is right, so these do not reveal which addresses have accounts.
  if (user.disabled_at !== null) throw new AppError(403, 'account_disabled', authMessages.accountDisabled, 'email');
  if (user.email_verified_at === null) {
    throw new AppError(403, 'email_not_verified', authMessages.emailNotVerified, 'email');
  }
  const signedIn = await upgradePasswordHash(deps.db, user, input.password);
  if (signedIn.totp_enabled_at !== null) {
    return { user: signedIn, challenge: await createTwoFactorChallenge(deps.db, signedIn.id, now) };
  }
  return { user: signedIn, session: await createSession(deps.db, signedIn.id, now) };
}

/**
 * The right password, in hand, re-hashes an account whose hash was made with older parameters
 * (ADR 057): accounts move to today's parameters as their owners sign in. The row returned carries
 * the new hash, so the known-browser cookie issued for this sign-in is signed with it.
 */
async function upgradePasswordHash(db: Database, user: UserRow, password: string): Promise<UserRow> {
  if (!passwordHashIsOutdated(user.password_hash)) return user;
  const upgraded = await hashPassword(password);
  // Only if nobody changed the password meanwhile (a reset finishing during this sign-in wins).
  const [row] = await db
    .update(users)
    .set({ password_hash: upgraded })
    .where(and(eq(users.id, user.id), eq(users.password_hash, user.password_hash)))
    .returning();
  return row ?? user;
}

async function releaseSlots(db: Database, slots: RateLimitSlot[]): Promise<void> {
  for (const slot of slots) await releaseRateLimitSlot(db, slot);
}

/** Stores a reset token for the account and returns the link that uses it (valid 1 hour). */
async function newResetLink(deps: AuthDeps, email: string, now: Date): Promise<string> {
  const token = newLinkToken();
  await deps.db.insert(passwordResetTokens).values({
    email,
    token_hash: sha256(token),
    expires_at: new Date(now.getTime() + resetTokenLifetimeMs),
    used: false,
    created_at: now,
  });
  return resetLink(deps.publicUrl, token);
}

async function warnOwner(deps: AuthDeps, user: UserRow, accountSlot: RateLimitSlot, now: Date): Promise<void> {
  const wait = describeWait(Math.max(1, Math.ceil((accountSlot.resetAt.getTime() - now.getTime()) / 1000)));
  const link = await newResetLink(deps, user.email, now);
  const window = describeWait(Math.round(accountSlot.rule.windowMs / 1000));
  deps.mailer.send(signInAttemptsEmail(user.email, { failures: accountSlot.count, window, wait, resetLink: link }));
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
    [rateLimitRules.resetRequestIp, addressSubject(ip)],
    [rateLimitRules.resetRequestEmail, emailSubject(email)],
  ]);
  const user = await findUserByEmail(deps.db, email);
  if (user) deps.mailer.send(passwordResetEmail(user.email, await newResetLink(deps, user.email, now)));
  // The same token work either way, so the timing says no more than the answer does.
  else sha256(newLinkToken());
  return { message: authMessages.resetRequested };
}

/**
 * Sets a new password with a reset token: the token is used up, every session of the account
 * ends (decision 10) and nobody is signed in. Following the e-mailed link also proves the address.
 */
export async function resetPassword(
  deps: AuthDeps,
  input: { token?: string | undefined; newPassword?: string | undefined },
  ip: string | null = null,
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
      .returning({ id: users.id, email: users.email });
    if (!user) throw invalidToken(authMessages.resetInvalid);
    const self = { type: 'user', id: user.id, label: user.email } as const;
    await recordAudit(tx, {
      action: 'auth.password_reset',
      actor: self,
      target: self,
      ip,
      summary: 'Set a new password with an e-mailed reset link; every session of the account ended.',
    });
    // Any other link sent to this address is void now too.
    await tx.update(passwordResetTokens).set({ used: true }).where(eq(passwordResetTokens.email, token.email));
    await deleteSessionsOfUser(tx, user.id);
    // Following the e-mailed link proves the owner: any pause on signing in to the account ends.
    await clearSignInLimitsOfAccount(tx, token.email);
  });
  return { message: authMessages.passwordUpdated };
}
