import { describe, expect, test } from 'vitest';
import { codeFromBytes, codeExpiry, CODE_ALPHABET, decideCodeAttempt, MAX_CODE_ATTEMPTS, normalizeCode } from './one-time-code.js';

const now = new Date('2030-01-01T12:00:00Z');
const live = { expiresAt: codeExpiry(now), failedAttempts: 0, consumedAt: null };

describe('code format', () => {
  test('given 40 random bits, the code is 8 Crockford characters shown XXXX-XXXX', () => {
    const code = codeFromBytes(new Uint8Array([0xff, 0x12, 0x34, 0x56, 0x78]));
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  });
  test('zero and all-ones bytes map to the ends of the alphabet', () => {
    expect(codeFromBytes(new Uint8Array(5))).toBe('0000-0000');
    expect(codeFromBytes(new Uint8Array(5).fill(255))).toBe('ZZZZ-ZZZZ');
  });
  test('it refuses anything but 5 bytes', () => {
    expect(() => codeFromBytes(new Uint8Array(4))).toThrow();
  });
  test('the alphabet has 32 symbols and no I, L, O or U', () => {
    expect(new Set(CODE_ALPHABET).size).toBe(32);
    expect(CODE_ALPHABET).not.toMatch(/[ILOU]/);
  });
});

describe('normalizeCode', () => {
  test('case, dash and spaces do not matter', () => {
    expect(normalizeCode('ab12-cd34')).toBe('AB12CD34');
    expect(normalizeCode(' AB12 CD34 ')).toBe('AB12CD34');
  });
  test("Crockford's look-alikes read as digits", () => {
    expect(normalizeCode('oIl0-0000')).toBe('01100000');
  });
  test('wrong length or symbols is not a code', () => {
    expect(normalizeCode('ABC')).toBeNull();
    expect(normalizeCode('ABCD-EFGU')).toBeNull();
  });
});

describe('decideCodeAttempt', () => {
  test('given a live code, when it matches in time, then it is accepted', () => {
    expect(decideCodeAttempt(live, true, now)).toEqual({ kind: 'accepted' });
  });
  test('when it matches after 10 minutes, then it has expired', () => {
    expect(decideCodeAttempt(live, true, new Date(now.getTime() + 10 * 60_000))).toEqual({ kind: 'expired' });
    expect(decideCodeAttempt(live, true, new Date(now.getTime() + 10 * 60_000 - 1))).toEqual({ kind: 'accepted' });
  });
  test(`a wrong guess counts; the ${MAX_CODE_ATTEMPTS}th from anyone kills the code`, () => {
    expect(decideCodeAttempt(live, false, now)).toEqual({ kind: 'wrong', nowDead: false });
    expect(decideCodeAttempt({ ...live, failedAttempts: MAX_CODE_ATTEMPTS - 1 }, false, now)).toEqual({ kind: 'wrong', nowDead: true });
  });
  test('a dead or used code refuses even the right code', () => {
    expect(decideCodeAttempt({ ...live, failedAttempts: MAX_CODE_ATTEMPTS }, true, now)).toEqual({ kind: 'dead' });
    expect(decideCodeAttempt({ ...live, consumedAt: now }, true, now)).toEqual({ kind: 'dead' });
  });
});
