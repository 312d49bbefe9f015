import { hash, verify } from '@node-rs/argon2';

export const passwordMinLength = 6;
export const passwordMaxLength = 1024;

/**
 * argon2id at 7 MiB, 5 passes, one lane: one of the configurations OWASP's password storage cheat
 * sheet lists as equal in defense to its 19 MiB, 2-pass minimum (the library's default, which
 * hashes before this change used). Each hash holds its memory for the whole computation, so the
 * smaller one lowers every sign-in's transient peak by 12 MiB and takes less time here
 * (docs/decisions/057-argon2-memory.md).
 */
const passwordHashOptions = {
  // The library's default algorithm is argon2id; its `Algorithm` is a const enum this build cannot import.
  memoryCost: 7168,
  timeCost: 5,
  parallelism: 1,
} as const;

/** How the parameters appear in a PHC string (`$argon2id$v=19$m=7168,t=5,p=1$salt$hash`). */
const currentParameters = `$argon2id$v=19$m=${passwordHashOptions.memoryCost},t=${passwordHashOptions.timeCost},p=${passwordHashOptions.parallelism}$`;

export async function hashPassword(password: string): Promise<string> {
  return hash(password, passwordHashOptions);
}

/** The stored hash carries its own parameters, so hashes made with older ones still verify. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash made with other parameters than today's; it is replaced after the next right password. */
export function passwordHashIsOutdated(passwordHash: string): boolean {
  return !passwordHash.startsWith(currentParameters);
}
