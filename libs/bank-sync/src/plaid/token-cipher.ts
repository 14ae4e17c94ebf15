import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Seals Plaid access tokens at rest with AES-256-GCM (server-behaviour §7 weak point 3: the
 * original stored them in plain text). A sealed token is `v1.<iv>.<tag>.<ciphertext>` in base64url,
 * with a fresh 12-byte IV each time; the item id is bound in as associated data, so a sealed token
 * copied onto another item's row does not open. The key is `PLAID_TOKEN_KEY` (32 bytes).
 */
export class TokenCipher {
  constructor(private readonly key: Buffer | null) {
    if (key && key.length !== 32) throw new Error('The Plaid token key must be 32 bytes');
  }

  seal(token: string, itemId: string): string {
    const key = this.requireKey();
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(itemId, 'utf8'));
    const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
  }

  open(sealed: string, itemId: string): string {
    const key = this.requireKey();
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Not a sealed Plaid token');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(itemId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }

  private requireKey(): Buffer {
    if (!this.key) throw new Error('PLAID_TOKEN_KEY is not set: bank linking cannot store access tokens');
    return this.key;
  }
}
