import { createHash, timingSafeEqual } from 'node:crypto';
import { decodeProtectedHeader, importJWK, jwtVerify, type JWK } from 'jose';

/** Fetches Plaid's public key by its id (`/webhook_verification_key/get`); null when Plaid has none. */
export type VerificationKeySource = (keyId: string) => Promise<(JWK & { expired_at?: number | null }) | null>;

/** A webhook whose signature does not hold: answered 400, nothing queued. */
export class WebhookRejected extends Error {}

const MAX_KEYS = 20;
const KEY_TTL_MS = 24 * 3_600_000;

/**
 * Plaid's webhook verification (server-behaviour §5.1, its weak points fixed): the
 * `Plaid-Verification` header is an ES256 JWT whose key id names a Plaid key; it must be at most
 * 5 minutes old, and its `request_body_sha256` must equal the SHA-256 of the raw body (compared in
 * constant time). A missing header is a 400, not a 500; keys are cached by id for a day, at most
 * 20 of them (the original's cache grew without bound), and concurrent fetches of one key share one call.
 */
export class WebhookVerifier {
  private readonly keys = new Map<string, { at: number; key: Promise<(JWK & { expired_at?: number | null }) | null> }>();

  constructor(
    private readonly source: VerificationKeySource,
    private readonly now: () => number = Date.now,
  ) {}

  async verify(header: string | undefined, rawBody: Buffer | string | undefined): Promise<void> {
    if (!header) throw new WebhookRejected('The Plaid-Verification header is missing.');
    if (rawBody === undefined) throw new WebhookRejected('The webhook has no body.');
    let keyId: string | undefined;
    try {
      const protectedHeader = decodeProtectedHeader(header);
      if (protectedHeader.alg !== 'ES256') throw new WebhookRejected('The webhook is not signed with ES256.');
      keyId = protectedHeader.kid;
    } catch (error) {
      if (error instanceof WebhookRejected) throw error;
      throw new WebhookRejected('The Plaid-Verification header is not a JWT.');
    }
    if (!keyId) throw new WebhookRejected('The webhook JWT names no key.');
    const jwk = await this.key(keyId);
    if (!jwk || (jwk.expired_at !== undefined && jwk.expired_at !== null)) throw new WebhookRejected('The webhook key is unknown or expired.');
    let claims: Record<string, unknown>;
    try {
      const key = await importJWK({ ...jwk, alg: 'ES256' }, 'ES256');
      ({ payload: claims } = await jwtVerify(header, key, { algorithms: ['ES256'], maxTokenAge: '5 min', currentDate: new Date(this.now()) }));
    } catch {
      throw new WebhookRejected('The webhook signature does not hold or is too old.');
    }
    const expected = createHash('sha256').update(rawBody).digest();
    const claimed = typeof claims.request_body_sha256 === 'string' ? Buffer.from(claims.request_body_sha256, 'hex') : Buffer.alloc(0);
    if (claimed.length !== expected.length || !timingSafeEqual(claimed, expected)) throw new WebhookRejected('The webhook body does not match its signature.');
  }

  private key(keyId: string) {
    const cached = this.keys.get(keyId);
    if (cached && this.now() - cached.at < KEY_TTL_MS) return cached.key;
    const key = this.source(keyId).catch((error: unknown) => {
      this.keys.delete(keyId);
      throw error;
    });
    if (this.keys.size >= MAX_KEYS) this.keys.delete(this.keys.keys().next().value!);
    this.keys.set(keyId, { at: this.now(), key });
    return key;
  }
}
