import { describe, expect, test } from 'vitest';
import { decideRefresh } from './refresh-rotation.js';

const now = new Date('2030-01-01T00:00:00Z');
const later = new Date('2030-02-01T00:00:00Z');
const fresh = { usedAt: null, expiresAt: later, sessionRevokedAt: null };

describe('decideRefresh', () => {
  test('a fresh token of a live session rotates', () => {
    expect(decideRefresh(fresh, now)).toBe('rotate');
  });
  test('a spent token is reuse: the whole family is revoked', () => {
    expect(decideRefresh({ ...fresh, usedAt: now }, now)).toBe('revoke-family');
  });
  test('unknown, expired or revoked-session tokens are refused', () => {
    expect(decideRefresh(null, now)).toBe('reject');
    expect(decideRefresh(fresh, later)).toBe('reject');
    expect(decideRefresh({ ...fresh, sessionRevokedAt: now }, now)).toBe('reject');
    expect(decideRefresh({ ...fresh, usedAt: now, sessionRevokedAt: now }, now)).toBe('reject');
  });
});
