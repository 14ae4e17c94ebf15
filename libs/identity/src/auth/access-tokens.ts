import { createHash, webcrypto } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SignJWT, jwtVerify } from 'jose';
import { APP_CONFIG, CLOCK, type AppConfig, type Clock } from '@budget/platform';
import type { Caller } from './authenticated-request.js';
import { UUID } from '../domain/uuid.js';

export const ACCESS_TOKEN_ISSUER = 'budget-api';
export const ACCESS_TOKEN_AUDIENCE = 'budget-web';

/** How many verified tokens a process remembers (a few per signed-in browser; the oldest go first). */
export const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Short-lived access tokens: HS256 JWTs, `sub` = user id, `sid` = session (refresh family) id.
 * The secret is imported as a WebCrypto HMAC key once, on first use: given raw bytes, jose imports
 * them again on every sign and verify (`crypto.subtle.importKey`), a visible share of a cached
 * read's CPU in the profile (README, Performance, "CPU profiles").
 *
 * A token once verified is remembered, by the SHA-256 of its text, with what it names and its
 * expiry: the client sends the same access token with every call until it runs out, and jose's
 * WebCrypto verify was the largest single cost of a cached read after the database's. A token
 * that differs in any character is verified in full; a remembered one is refused from its expiry
 * on exactly as jose refuses it (`exp` at or before now, in whole seconds). The session is still
 * checked on every request (the guard), so logout stops a remembered token at once.
 */
@Injectable()
export class AccessTokens {
  private readonly secret: Uint8Array;
  private key: Promise<webcrypto.CryptoKey> | undefined;
  private readonly verified = new Map<string, { caller: Caller; exp: number }>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.secret = new TextEncoder().encode(config.jwtSecret);
  }

  private cryptoKey(): Promise<webcrypto.CryptoKey> {
    this.key ??= webcrypto.subtle.importKey('raw', this.secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    return this.key;
  }

  async issue(caller: Caller): Promise<string> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ sid: caller.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(caller.userId)
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + this.config.accessTokenTtlSeconds)
      .sign(await this.cryptoKey());
  }

  /** The caller named by a valid token, or null for anything forged, expired or malformed. */
  async verify(token: string): Promise<Caller | null> {
    const digest = createHash('sha256').update(token).digest('base64');
    const now = Math.floor(this.clock.now().getTime() / 1000);
    const known = this.verified.get(digest);
    if (known) {
      if (known.exp > now) return known.caller;
      this.verified.delete(digest);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, await this.cryptoKey(), {
        algorithms: ['HS256'],
        issuer: ACCESS_TOKEN_ISSUER,
        audience: ACCESS_TOKEN_AUDIENCE,
        currentDate: this.clock.now(),
        requiredClaims: ['sub', 'exp', 'sid'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      if (!UUID.test(payload.sub) || !UUID.test(payload.sid)) return null;
      const caller = { userId: payload.sub, sessionId: payload.sid };
      if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value as string);
      this.verified.set(digest, { caller, exp: payload.exp as number });
      return caller;
    } catch {
      return null;
    }
  }
}
