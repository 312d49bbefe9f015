import { hash, verify } from '@node-rs/argon2';

export const passwordMinLength = 6;
export const passwordMaxLength = 1024;

/** argon2id with the library's defaults (19 MiB, t=2, p=1: OWASP's minimum recommendation). */
export async function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
