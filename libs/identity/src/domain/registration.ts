import { isEmailAddress, normalizeEmail } from './email-address.js';
import type { FieldProblem } from './field-error.js';
import { checkNewPassword } from './password-policy.js';

export const USERNAME_MAX_LENGTH = 80;

export const REGISTRATION_MESSAGES = {
  usernameRequired: 'A username is required',
  usernameTooLong: `The username must be at most ${USERNAME_MAX_LENGTH} characters long`,
  emailInvalid: 'The email field must be a valid email address',
  usernameTaken: 'The username has already been taken',
  emailTaken: 'The email has already been taken',
} as const;

/** The sign-up form as the contract let it through: trimmed text, any field possibly missing. */
export interface RegistrationForm {
  username?: string | undefined;
  email?: string | undefined;
  password?: string | undefined;
  passwordConfirmation?: string | undefined;
}

export interface Registration {
  username: string;
  /** Trimmed and lower-cased. */
  email: string;
  password: string;
  passwordConfirmation: string | undefined;
}

export type RegistrationField = 'username' | 'email' | 'password';
/** At most one problem per field: the first rule that field breaks. */
export type RegistrationProblems = Partial<Record<RegistrationField, FieldProblem>>;

const FIELDS: readonly RegistrationField[] = ['username', 'email', 'password'];

export function readRegistration(form: RegistrationForm): Registration {
  return {
    username: form.username?.trim() ?? '',
    email: normalizeEmail(form.email ?? ''),
    password: form.password?.trim() ?? '',
    passwordConfirmation: form.passwordConfirmation,
  };
}

/**
 * Every rule of sign-up that needs no lookup (server-behaviour §4.1), each field checked on its
 * own so one answer lists them all. Whether a well-formed username or address is taken is asked
 * by the caller, and added with `taken`.
 */
export function checkRegistration(registration: Registration): RegistrationProblems {
  const problems: RegistrationProblems = {};
  const { username, email } = registration;
  if (username === '') problems.username = { field: 'username', code: 'required', message: REGISTRATION_MESSAGES.usernameRequired };
  else if (username.length > USERNAME_MAX_LENGTH) problems.username = { field: 'username', code: 'maxLength', message: REGISTRATION_MESSAGES.usernameTooLong };
  if (email === '') problems.email = { field: 'email', code: 'required', message: REGISTRATION_MESSAGES.emailInvalid };
  else if (!isEmailAddress(email)) problems.email = { field: 'email', code: 'email', message: REGISTRATION_MESSAGES.emailInvalid };
  const password = checkNewPassword(registration.password, registration.passwordConfirmation);
  if (password) problems.password = password;
  return problems;
}

/** The problem of a username or address another account already has. */
export function taken(field: 'username' | 'email'): FieldProblem {
  return { field, code: 'database.unique', message: field === 'username' ? REGISTRATION_MESSAGES.usernameTaken : REGISTRATION_MESSAGES.emailTaken };
}

/** The problems in the form's order: username, email, password. */
export function inFormOrder(problems: RegistrationProblems): FieldProblem[] {
  return FIELDS.flatMap((field) => problems[field] ?? []);
}
