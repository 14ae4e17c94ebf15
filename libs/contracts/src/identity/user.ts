import { z } from 'zod';
import { route } from '../common/route.js';
import { currentPassword, newPassword, passwordConfirmation, requiredFormText, userAccount } from './fields.js';

/** GET /user: the caller's account, never anyone else's. */
export const getUser = route({
  id: 'getUser',
  method: 'GET',
  path: '/user',
  summary: 'The signed-in user',
  tag: 'identity',
  response: z.object({ data: userAccount }),
});

/**
 * PATCH /user {email, currentPassword?}: the address becomes `pendingEmail` and gets an
 * e-mail-change code; it replaces `email` when that code is entered. Answers the bare user object.
 * Needs the current password unless the session was opened within the last 5 minutes: otherwise
 * 403 on `currentPassword` ("Enter your current password"; a wrong one "The current password is
 * not correct."; too many wrong ones 429).
 */
export const changeEmail = route({
  id: 'changeEmail',
  method: 'PATCH',
  path: '/user',
  summary: 'Ask to change the e-mail address (mails a code to the new one)',
  tag: 'identity',
  body: z.object({ email: requiredFormText({ required: 'The email address is not valid.' }), currentPassword }),
  response: userAccount,
  /** 403: re-authentication refused. Rate-limited: 429 with field "general" and Retry-After. */
  errors: [403, 429],
});

/** POST /user/pending-email/resend: a new code to the pending address; empty 200, also when none is pending. */
export const resendPendingEmail = route({
  id: 'resendPendingEmail',
  method: 'POST',
  path: '/user/pending-email/resend',
  summary: 'Mail a new code to the pending e-mail address',
  tag: 'identity',
  response: null,
  /** Rate-limited: 429 with field "general" and Retry-After. */
  errors: [429],
});

/** DELETE /user/pending-email: forgets the pending address and kills its code; the bare user object. */
export const cancelPendingEmail = route({
  id: 'cancelPendingEmail',
  method: 'DELETE',
  path: '/user/pending-email',
  summary: 'Cancel a pending e-mail change',
  tag: 'identity',
  response: userAccount,
});

/**
 * POST /password/update {password, passwordConfirmation, currentPassword?}: the register password
 * rules (checked by the identity domain); every other session of the user ends. Empty 200. Needs
 * the current password, except in a session opened by a one-time code (the last step of password
 * recovery, with the spec client's exact body) within 10 minutes of it: otherwise 403 on
 * `currentPassword` (missing or wrong; too many wrong ones 429).
 */
export const updatePassword = route({
  id: 'updatePassword',
  method: 'POST',
  path: '/password/update',
  summary: 'Set a new password (ends the other sessions)',
  tag: 'identity',
  body: z.object({
    password: newPassword,
    passwordConfirmation,
    currentPassword,
  }),
  response: null,
  errors: [403, 429],
});

/**
 * DELETE /user [{currentPassword}]: erases the caller's account, events and read-model rows; empty
 * 200 once all is gone. The body is optional (the spec's client sends none): without the current
 * password the session must have been opened within the last 5 minutes, otherwise 403 on
 * `currentPassword` (a wrong one too; too many wrong ones 429).
 */
export const deleteUser = route({
  id: 'deleteUser',
  method: 'DELETE',
  path: '/user',
  summary: 'Delete the signed-in user and everything of theirs',
  tag: 'identity',
  body: z.object({ currentPassword }),
  response: null,
  errors: [403, 429],
});
