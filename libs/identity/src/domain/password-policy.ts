import type { FieldProblem } from './field-error.js';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

export const PASSWORD_MESSAGES = {
  required: 'A password is required',
  minLength: 'Passwords must be at least eight characters long',
  maxLength: 'Passwords must be less than 65 characters long',
  // The spelling is the original product's (server-behaviour §4.1): clients may match on it.
  regex: 'Passswords must contain at least one lowercase letter, one uppercase letter and one digit',
  confirmed: 'Passwords must match the confirmed password',
} as const;

const STRENGTH = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/;

/**
 * The password rules of register and password update (server-behaviour §4.1): trimmed, 8–64
 * characters, a lowercase letter, an uppercase letter and a digit, equal to the confirmation.
 * Like the original validator, only the first failing rule of the password is reported (one entry
 * per field; register adds the other fields' entries to the same answer).
 */
export function checkNewPassword(password: string, confirmation: string | undefined): FieldProblem | null {
  const problem = (code: keyof typeof PASSWORD_MESSAGES): FieldProblem => ({ field: 'password', code, message: PASSWORD_MESSAGES[code] });
  if (password.length === 0) return problem('required');
  if (password.length < PASSWORD_MIN_LENGTH) return problem('minLength');
  if (password.length > PASSWORD_MAX_LENGTH) return problem('maxLength');
  if (!STRENGTH.test(password)) return problem('regex');
  if (confirmation === undefined || password !== confirmation.trim()) return problem('confirmed');
  return null;
}
