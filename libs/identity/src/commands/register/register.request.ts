import { isEmailAddress, normalizeEmail } from '../../domain/email-address.js';
import { checkNewPassword } from '../../domain/password-policy.js';
import { RequestBody } from '../../http/request-body.js';

export interface RegisterRequest {
  username: string;
  email: string;
  password: string;
}

export const USERNAME_MAX_LENGTH = 80;

/** POST /register body: username, email, password, passwordConfirmation (product spec §5). */
export function parseRegisterRequest(raw: unknown): RegisterRequest {
  const body = new RequestBody(raw);
  const username = body.string('username', 'A username is required') ?? '';
  if (username.length > USERNAME_MAX_LENGTH) body.fail('username', 'maxLength', `The username must be at most ${USERNAME_MAX_LENGTH} characters long`);
  const email = normalizeEmail(body.string('email', 'The email field must be a valid email address') ?? '');
  if (!body.hasProblem('email') && !isEmailAddress(email)) body.fail('email', 'email', 'The email field must be a valid email address');
  const password = body.string('password') ?? '';
  body.add(checkNewPassword(password, body.string('passwordConfirmation')));
  body.done();
  return { username, email, password };
}
