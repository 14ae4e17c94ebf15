import { createHash } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { WebhookRejected, WebhookVerifier } from './webhook-verifier.js';

let privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
let jwk: JWK;
beforeAll(async () => {
  const pair = await generateKeyPair('ES256');
  privateKey = pair.privateKey;
  jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
});

const NOW = Date.parse('2025-03-15T12:00:00Z');
const body = '{\n  "webhook_type": "TRANSACTIONS",\n  "webhook_code": "SYNC_UPDATES_AVAILABLE",\n  "item_id": "i1"\n}';
const sign = (raw: string, at = NOW, kid = 'k1') =>
  new SignJWT({ request_body_sha256: createHash('sha256').update(raw).digest('hex') })
    .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
    .setIssuedAt(Math.floor(at / 1000))
    .sign(privateKey);

describe('verifying a Plaid webhook', () => {
  it('accepts a fresh signature over the exact body, fetching each key once', async () => {
    const fetched: string[] = [];
    const verifier = new WebhookVerifier(async (kid) => (fetched.push(kid), jwk), () => NOW);
    await verifier.verify(await sign(body), body);
    await verifier.verify(await sign(body), Buffer.from(body));
    expect(fetched).toEqual(['k1']);
  });

  it('refuses a missing header, a changed body, an old token, an unknown key and a non-JWT', async () => {
    const verifier = new WebhookVerifier(async (kid) => (kid === 'k1' ? jwk : null), () => NOW);
    await expect(verifier.verify(undefined, body)).rejects.toBeInstanceOf(WebhookRejected);
    await expect(verifier.verify(await sign(body), body.replace('i1', 'i2'))).rejects.toThrow(/body/);
    await expect(verifier.verify(await sign(body, NOW - 6 * 60_000), body)).rejects.toThrow(/old/);
    await expect(verifier.verify(await sign(body, NOW, 'k9'), body)).rejects.toThrow(/unknown/);
    await expect(verifier.verify('not-a-jwt', body)).rejects.toThrow(/JWT/);
  });

  it('refuses a key Plaid has expired', async () => {
    const verifier = new WebhookVerifier(async () => ({ ...jwk, expired_at: 1 }), () => NOW);
    await expect(verifier.verify(await sign(body), body)).rejects.toThrow(/expired/);
  });
});
