import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { TokenCipher } from './token-cipher.js';

describe('TokenCipher', () => {
  const cipher = new TokenCipher(randomBytes(32));
  const token = 'access-sandbox-0b6e4a1c-9f7d-4c2a-8e55-3d1f00000000';

  test('seals a token so that the stored text does not contain it, and opens it again', () => {
    const sealed = cipher.seal(token, 'item-1');
    expect(sealed).not.toContain(token);
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(cipher.open(sealed, 'item-1')).toBe(token);
  });

  test('a fresh IV each time: the same token seals differently', () => {
    expect(cipher.seal(token, 'item-1')).not.toBe(cipher.seal(token, 'item-1'));
  });

  test('refuses a token moved to another item, a tampered one and another key', () => {
    const sealed = cipher.seal(token, 'item-1');
    expect(() => cipher.open(sealed, 'item-2')).toThrow();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    expect(() => cipher.open([parts[0], parts[1], parts[2], body.toString('base64url')].join('.'), 'item-1')).toThrow();
    expect(() => new TokenCipher(randomBytes(32)).open(sealed, 'item-1')).toThrow();
  });

  test('without a key (production without PLAID_TOKEN_KEY) it refuses to seal; a short key is refused', () => {
    expect(() => new TokenCipher(null).seal(token, 'item-1')).toThrow(/PLAID_TOKEN_KEY/);
    expect(() => new TokenCipher(randomBytes(16))).toThrow(/32 bytes/);
  });
});
