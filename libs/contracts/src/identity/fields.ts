import { z } from 'zod';
import { MAX_TEXT, text, timestamp } from '../common/fields.js';

/**
 * A text field of identity's forms, trimmed. The contract only refuses what is not text at all:
 * another JSON type, NUL or lone surrogates, more than `max` characters. Whether the text is a
 * good username, address or password is the identity domain's call (so register can report every
 * failing field in one answer, uniqueness included).
 */
export function formText(messages: { type: string; tooLong?: string }, max = MAX_TEXT) {
  return z
    .string({ error: messages.type })
    .max(max, { error: messages.tooLong ?? messages.type })
    .pipe(text({ max }).trim());
}

/** Like `formText`, but the field must be given and not blank after trimming. */
export function requiredFormText(messages: { required: string; type?: string; tooLong?: string }, max = MAX_TEXT) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? messages.required : (messages.type ?? messages.required)) })
    .max(max, { error: messages.tooLong ?? messages.type ?? messages.required })
    .pipe(text({ max }).trim().min(1, { error: messages.required }));
}

/** A new password (register, password update); its rules are the identity domain's password policy. */
export const newPassword = formText({ type: 'The password must be text.', tooLong: 'Passwords must be less than 65 characters long' })
  .optional()
  .meta({ description: 'Required: 8–64 characters with a lowercase letter, an uppercase letter and a digit' });

export const passwordConfirmation = formText({ type: 'The password confirmation must be text.', tooLong: 'Passwords must match the confirmed password' })
  .optional()
  .meta({ description: 'Required: equal to the password' });

/**
 * The caller's current password, asked before a password change, an e-mail change or deleting the
 * account (libs/identity/README.md "Re-authentication"). Optional in the contract: the spec's client
 * does not send it, and a session opened moments ago (or by a recovery code) may omit it.
 */
export const currentPassword = formText({ type: 'The current password must be text.', tooLong: 'The current password is not correct.' }, 200)
  .optional()
  .meta({ description: 'The current password; required unless the session was opened moments ago (see the route)' });

/** A refresh token in `{data:{refresh}}` (refresh, logout): 43 base64url characters when genuine. */
export const refreshTokenBody = z.object({
  data: z
    .object({ refresh: formText({ type: 'The refresh token must be text.' }, 200).optional() }, { error: 'The data field must be an object.' })
    .optional(),
});

const tokens = { access: z.string(), refresh: z.string() };

/** The tokens of a session: a short-lived access token and a single-use refresh token. */
export const tokenPair = z.object(tokens).meta({ id: 'TokenPair' });

/** A sign-in by one-time code: the tokens and whose they are. */
export const codeSignIn = z.object({ ...tokens, username: z.string() }).meta({ id: 'CodeSignIn' });

/** The serialised user: never its id, password hash or codes. */
export const userAccount = z
  .object({
    username: z.string(),
    email: z.string(),
    pendingEmail: z.string().nullable(),
    roles: z.array(z.string()),
    createdAt: timestamp,
  })
  .meta({ id: 'User' });
export type UserAccount = z.infer<typeof userAccount>;
