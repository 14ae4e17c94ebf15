import { createHash, createHmac, randomBytes } from 'node:crypto';
import { CODE_RANDOM_BYTES, codeFromBytes } from '../domain/one-time-code.js';

/** An opaque refresh token: 256 random bits, URL-safe. Only its hash is stored. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A fresh one-time code, displayed `XXXX-XXXX`. */
export function newOneTimeCode(): string {
  return codeFromBytes(randomBytes(CODE_RANDOM_BYTES));
}

/**
 * Codes carry only 40 bits, so a plain hash of a leaked row could be reversed by brute force:
 * they are hashed with a server-side key (HMAC-SHA256) and bound to their address and purpose.
 */
export function codeHash(key: string, purpose: string, address: string, normalizedCode: string): string {
  return createHmac('sha256', key).update(`${purpose}\n${address}\n${normalizedCode}`).digest('hex');
}
