import { describe, expect, test } from 'vitest';
import { checkNewPassword, PASSWORD_MESSAGES } from './password-policy.js';

const rule = (password: string, confirmation?: string) => checkNewPassword(password, confirmation)?.code ?? 'ok';

describe('checkNewPassword', () => {
  test('a good password equal to its confirmation passes', () => {
    expect(rule('Secret123', 'Secret123')).toBe('ok');
  });
  test('too short, too long, too weak, unconfirmed — first failing rule only', () => {
    expect(rule('Ab1', 'Ab1')).toBe('minLength');
    expect(rule(`Ab1${'x'.repeat(62)}`, '')).toBe('maxLength');
    expect(rule(`Ab1${'x'.repeat(61)}`, `Ab1${'x'.repeat(61)}`)).toBe('ok');
    expect(rule('alllowercase1', 'alllowercase1')).toBe('regex');
    expect(rule('NOLOWER123', 'NOLOWER123')).toBe('regex');
    expect(rule('NoDigitsHere', 'NoDigitsHere')).toBe('regex');
    expect(rule('Secret123', 'Secret124')).toBe('confirmed');
    expect(rule('Secret123')).toBe('confirmed');
  });
  test("the messages are the original's, typo included", () => {
    expect(checkNewPassword('short', 'short')).toEqual({ field: 'password', code: 'minLength', message: 'Passwords must be at least eight characters long' });
    expect(PASSWORD_MESSAGES.regex).toBe('Passswords must contain at least one lowercase letter, one uppercase letter and one digit');
    expect(PASSWORD_MESSAGES.maxLength).toBe('Passwords must be less than 65 characters long');
    expect(PASSWORD_MESSAGES.confirmed).toBe('Passwords must match the confirmed password');
  });
});
