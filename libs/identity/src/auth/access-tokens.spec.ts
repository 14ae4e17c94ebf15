import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FixedClock, type AppConfig } from '@budget/platform';
import { AccessTokens, VERIFIED_TOKENS_KEPT } from './access-tokens.js';

const USER = '0a4c2f8e-8a0f-4c4e-9a55-3d1f0d6b2e11';
const SESSION = '7b1e9c2d-4f5a-4b6c-8d7e-9f0a1b2c3d4e';
const TTL = 900;

function tokens(secret = 'a'.repeat(64), clock = new FixedClock(new Date('2026-11-29T12:00:00.000Z'))) {
  const config = { jwtSecret: secret, accessTokenTtlSeconds: TTL } as AppConfig;
  return { tokens: new AccessTokens(config, clock), clock };
}

/** The token with one character of its signature changed (still base64url, still three parts). */
function tampered(token: string): string {
  const last = token.at(-2) === 'A' ? 'B' : 'A';
  return `${token.slice(0, -2)}${last}${token.at(-1)}`;
}

describe('AccessTokens: verified tokens remembered', () => {
  it('answers the same caller for a token verified before, and refuses one that differs in a character', async () => {
    const { tokens: t } = tokens();
    const token = await t.issue({ userId: USER, sessionId: SESSION });
    expect(await t.verify(token)).toEqual({ userId: USER, sessionId: SESSION });
    expect(await t.verify(token)).toEqual({ userId: USER, sessionId: SESSION });
    expect(await t.verify(tampered(token))).toBeNull();
    const [header, , signature] = token.split('.');
    const otherPayload = Buffer.from(JSON.stringify({ sub: USER, sid: '11111111-1111-4111-8111-111111111111', exp: 4102444800 })).toString('base64url');
    expect(await t.verify(`${header}.${otherPayload}.${signature}`)).toBeNull();
    expect(await t.verify(token)).toEqual({ userId: USER, sessionId: SESSION });
  });

  it('refuses a remembered token from its expiry on, to the second, as jose does', async () => {
    const { tokens: t, clock } = tokens();
    const token = await t.issue({ userId: USER, sessionId: SESSION });
    expect(await t.verify(token)).not.toBeNull();
    clock.advance((TTL - 1) * 1000 + 999);
    expect(await t.verify(token)).not.toBeNull();
    clock.advance(1);
    expect(await t.verify(token)).toBeNull();
    expect(await t.verify(token)).toBeNull();
    // Never seen before, past its expiry: jose refuses it at the same instant.
    const fresh = tokens();
    const other = await fresh.tokens.issue({ userId: USER, sessionId: SESSION });
    fresh.clock.advance(TTL * 1000);
    expect(await fresh.tokens.verify(other)).toBeNull();
  });

  it('refuses a token signed with another secret, whatever another instance remembered', async () => {
    const mine = tokens('a'.repeat(64));
    const theirs = tokens('b'.repeat(64));
    const token = await theirs.tokens.issue({ userId: USER, sessionId: SESSION });
    expect(await theirs.tokens.verify(token)).not.toBeNull();
    expect(await mine.tokens.verify(token)).toBeNull();
  });

  it('keeps at most its bound of tokens, and verifies in full again the ones it let go', async () => {
    const { tokens: t } = tokens();
    const first = await t.issue({ userId: USER, sessionId: SESSION });
    expect(await t.verify(first)).not.toBeNull();
    const kept = (t as unknown as { verified: Map<string, unknown> }).verified;
    for (let i = 0; i < VERIFIED_TOKENS_KEPT; i += 1) {
      await t.verify(await t.issue({ userId: USER, sessionId: randomUUID() }));
    }
    expect(kept.size).toBe(VERIFIED_TOKENS_KEPT);
    expect(kept.has(createHash('sha256').update(first).digest('base64'))).toBe(false);
    expect(await t.verify(first)).toEqual({ userId: USER, sessionId: SESSION });
    expect(await t.verify(tampered(first))).toBeNull();
    // Thousands of signs and verifies: a generous bound, as CI shares its machine (5 s was once too little there).
  }, 60_000);
});
