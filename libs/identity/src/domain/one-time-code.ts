/**
 * One-time codes (server-behaviour §4.1 "One-time code format", hardened per §7.1): 8 Crockford
 * base32 characters from a 40-bit random number, shown `XXXX-XXXX`; 10-minute life; single use.
 * Each requester (client address) has 5 tries at an address's code (`MAX_CODE_ATTEMPTS_PER_REQUESTER`,
 * counted in the rate limiter), so a stranger who knows the address cannot spend its owner's tries;
 * the code itself dies after 50 wrong tries from anyone (`MAX_CODE_ATTEMPTS`), which bounds guessing
 * from many addresses at once (50 of 2^40). Compared case-insensitively, dash optional.
 */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 8;
export const CODE_RANDOM_BYTES = 5;
export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 50;
export const MAX_CODE_ATTEMPTS_PER_REQUESTER = 5;

/** Turns 5 random bytes (40 bits) into a displayed code such as `7KQ2-M9XD`. */
export function codeFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== CODE_RANDOM_BYTES) throw new Error(`a code needs exactly ${CODE_RANDOM_BYTES} random bytes`);
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  let chars = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) {
    chars = CODE_ALPHABET[Number(value & 31n)]! + chars;
    value >>= 5n;
  }
  return `${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/**
 * The canonical form of what a user typed: upper case, no dashes or spaces, and Crockford's
 * look-alikes read as digits (O → 0, I and L → 1). Null when it cannot be a code.
 */
export function normalizeCode(input: string): string | null {
  const compact = input
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (compact.length !== CODE_LENGTH) return null;
  for (const c of compact) if (!CODE_ALPHABET.includes(c)) return null;
  return compact;
}

export interface StoredCodeState {
  expiresAt: Date;
  failedAttempts: number;
  consumedAt: Date | null;
}

export type CodeAttemptOutcome =
  | { kind: 'accepted' }
  | { kind: 'expired' }
  /** Wrong guess: count it. `nowDead` once the attempt budget is spent. */
  | { kind: 'wrong'; nowDead: boolean }
  /** Already used or already dead: refuse even the right code, count nothing. */
  | { kind: 'dead' };

export function decideCodeAttempt(code: StoredCodeState, matches: boolean, now: Date): CodeAttemptOutcome {
  if (code.consumedAt !== null || code.failedAttempts >= MAX_CODE_ATTEMPTS) return { kind: 'dead' };
  if (!matches) return { kind: 'wrong', nowDead: code.failedAttempts + 1 >= MAX_CODE_ATTEMPTS };
  if (now.getTime() >= code.expiresAt.getTime()) return { kind: 'expired' };
  return { kind: 'accepted' };
}

export function codeExpiry(issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + CODE_TTL_MS);
}
