import { describe, expect, it } from 'vitest';
import { decideReauthentication, RECENT_SIGN_IN_MS, RECOVERY_WINDOW_MS, type SensitiveAction, type SessionOrigin } from './reauthentication.js';

const now = new Date('2026-11-28T12:00:00Z');
const decide = (action: SensitiveAction, origin: SessionOrigin, ageMs: number, currentPasswordGiven = false) =>
  decideReauthentication({ action, session: { origin, createdAt: new Date(now.getTime() - ageMs) }, now, currentPasswordGiven });

describe('re-authentication', () => {
  it('checks a given current password, whatever the session', () => {
    for (const action of ['password-change', 'email-change', 'account-deletion'] as const) {
      expect(decide(action, 'code', 0, true)).toBe('check-password');
      expect(decide(action, 'password', 10 * RECOVERY_WINDOW_MS, true)).toBe('check-password');
    }
  });

  it('lets only a session opened by a code set a password without the current one, and only within the recovery window', () => {
    expect(decide('password-change', 'code', 0)).toBe('allowed');
    expect(decide('password-change', 'code', RECOVERY_WINDOW_MS)).toBe('allowed');
    expect(decide('password-change', 'code', RECOVERY_WINDOW_MS + 1)).toBe('password-required');
    expect(decide('password-change', 'password', 0)).toBe('password-required');
  });

  it('lets an e-mail change or a deletion go without the password only right after a sign-in of either kind', () => {
    for (const action of ['email-change', 'account-deletion'] as const) {
      for (const origin of ['password', 'code'] as const) {
        expect(decide(action, origin, 1000)).toBe('allowed');
        expect(decide(action, origin, RECENT_SIGN_IN_MS)).toBe('allowed');
        expect(decide(action, origin, RECENT_SIGN_IN_MS + 1)).toBe('password-required');
      }
    }
  });

  it('never trusts a session dated in the future', () => {
    expect(decide('email-change', 'password', -1)).toBe('password-required');
    expect(decide('password-change', 'code', -1)).toBe('password-required');
  });
});
