import { CODE_TTL_MS } from './one-time-code.js';

export interface ComposedMail {
  to: string;
  subject: string;
  text: string;
}

const MINUTES = CODE_TTL_MS / 60_000;

function codeLines(code: string): string {
  return `Your code is: ${code}\n\nIt works once and expires in ${MINUTES} minutes.`;
}

/** Sent after registration: the code verifies the address and signs the new user in. */
export function welcomeMail(to: string, username: string, code: string): ComposedMail {
  return {
    to,
    subject: 'Welcome!',
    text: `Welcome, ${username}!\n\nTo finish signing up, enter this code:\n\n${codeLines(code)}\n\nIf you did not sign up, ignore this e-mail.`,
  };
}

/** Sent on a code request (sign-in or password recovery). */
export function verificationCodeMail(to: string, code: string): ComposedMail {
  return {
    to,
    subject: 'Verification Code',
    text: `Use this code to sign in:\n\n${codeLines(code)}\n\nIf you did not ask for a code, ignore this e-mail.`,
  };
}

/** Where the e-mail-change link leads: the shell's /user/verify-email page with the address and code (product-spec §4). */
export function verifyEmailLink(publicUrl: string, email: string, code: string): string {
  const query = new URLSearchParams({ email, code });
  return `${publicUrl.replace(/\/+$/, '')}/user/verify-email?${query.toString()}`;
}

/**
 * Sent to a new address the user asked to switch to: opening the link, or entering the code with
 * this address in the pending block on /user, applies the change (product-spec §4).
 */
export function emailChangeMail(to: string, username: string, code: string, publicUrl: string): ComposedMail {
  return {
    to,
    subject: 'Confirm your new e-mail address',
    text:
      `Hello ${username},\n\nTo make this your account's e-mail address, open this link:\n\n` +
      `${verifyEmailLink(publicUrl, to, code)}\n\nor enter this code with this address on the verification screen:\n\n` +
      `${codeLines(code)}\n\nIf you did not ask for this change, ignore this e-mail.`,
  };
}
