import { hash, verify } from '@node-rs/argon2';

/** Argon2id with OWASP's minimum: 19 MiB of memory, 2 iterations, 1 lane. */
const ARGON2ID = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
