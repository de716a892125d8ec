import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, 2 passes, 1 lane: the OWASP recommendation). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// A real hash to verify against when the account does not exist, so that the answer takes as long.
let dummyHash: Promise<string> | null = null;

/**
 * Whether `password` matches `passwordHash`; with no hash (unknown account) a dummy
 * verification runs so the timing does not reveal which e-mails are registered.
 */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    dummyHash ??= hash('atalaya-timing-equaliser');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash never matches.
    return false;
  }
}

/**
 * A stored hash no password matches: not an argon2 string, so `verifyPassword` answers false.
 * A new user holds one until their set-password link is used.
 */
export function unusablePasswordHash(): string {
  return `!unusable:${crypto.randomUUID()}`;
}
