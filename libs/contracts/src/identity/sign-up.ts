import { z } from 'zod';
import { route } from '../common/route.js';
import { codeSignIn, formText, newPassword, passwordConfirmation, requiredFormText } from './fields.js';

/**
 * POST /register {username, email, password, passwordConfirmation}: empty 200, and a "Welcome!"
 * mail with the code that verifies the address. Every field is optional here: which are missing,
 * malformed, weak or taken is decided together by the identity domain, one 422 entry per field.
 */
export const registerUser = route({
  id: 'registerUser',
  method: 'POST',
  path: '/register',
  summary: 'Sign up: create the account and its default budget, mail a welcome code',
  tag: 'identity',
  public: true,
  body: z.object({
    username: formText({ type: 'The username must be text.', tooLong: 'The username must be at most 80 characters long' })
      .optional()
      .meta({ description: 'Required: at most 80 characters, not taken (exact match)' }),
    email: formText({ type: 'The email field must be a valid email address' })
      .optional()
      .meta({ description: 'Required: an e-mail address, not taken (compared trimmed and lower-cased)' }),
    password: newPassword,
    passwordConfirmation,
  }),
  response: null,
  /** Rate-limited: 429 with field "general" and Retry-After. */
  errors: [429],
});

/** POST /code-request {email}: always an empty 200 for a well-formed address, known or not. */
export const requestCode = route({
  id: 'requestCode',
  method: 'POST',
  path: '/code-request',
  summary: 'Mail a one-time sign-in code to an address (if an account has it)',
  tag: 'identity',
  public: true,
  body: z.object({ email: requiredFormText({ required: 'A valid email address must be provided' }) }),
  response: null,
  /** Rate-limited: 429 with field "general" and Retry-After. */
  errors: [429],
});

/**
 * POST /code-verify {email, code}: the code mailed to `email` signs its user in. A missing email
 * or code answers like a wrong code: 422 on `code`, "This code is not valid.".
 */
export const verifyCode = route({
  id: 'verifyCode',
  method: 'POST',
  path: '/code-verify',
  summary: 'Sign in with a one-time code (also verifies the address, or applies a pending one)',
  tag: 'identity',
  public: true,
  body: z.object({
    email: formText({ type: 'A valid email address must be provided' }).optional(),
    code: formText({ type: 'This code is not valid.' }, 100).optional(),
  }),
  response: z.object({ data: codeSignIn }),
  /** Rate-limited: 429 with field "general" and Retry-After. */
  errors: [429],
});
