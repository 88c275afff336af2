import { hash, verify } from '@node-rs/argon2';

// OWASP's minimum argon2id parameters: about 70 ms per hash on this class of machine.
const PARAMS = { algorithm: 2 as const /* Algorithm.Argon2id: a const enum, not importable under type stripping */, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

export const hashPassword = (password: string) => hash(password, PARAMS);

export async function checkPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    // Spend the same time as a real check, so a missing account is not revealed by timing.
    await hash(password, PARAMS);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
