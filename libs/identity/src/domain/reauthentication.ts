/**
 * Re-authentication for what cannot be undone (libs/identity/README.md "Re-authentication").
 *
 * - A new password (`password-change`) needs the current password, except in a session opened by a
 *   one-time code (the last step of password recovery: code-request, code-verify, password/update,
 *   server-behaviour §4.1) within RECOVERY_WINDOW_MS of that code.
 * - A new e-mail address and deleting the account (`email-change`, `account-deletion`) need the
 *   current password, or a session opened (by password or by code) within RECENT_SIGN_IN_MS.
 * - A current password that is given must be right, whatever the session.
 */
export type SensitiveAction = 'password-change' | 'email-change' | 'account-deletion';

/** How a session was opened: by username and password (login), or by a mailed one-time code (code-verify). */
export type SessionOrigin = 'password' | 'code';

export const RECENT_SIGN_IN_MS = 5 * 60_000;
export const RECOVERY_WINDOW_MS = 10 * 60_000;

export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password';
export const CURRENT_PASSWORD_WRONG = 'The current password is not correct.';

export type ReauthDecision = 'allowed' | 'check-password' | 'password-required';

/** What a request needs before the action: nothing more, the given password checked, or a password it did not give. */
export function decideReauthentication(input: {
  action: SensitiveAction;
  session: { origin: SessionOrigin; createdAt: Date };
  now: Date;
  currentPasswordGiven: boolean;
}): ReauthDecision {
  if (input.currentPasswordGiven) return 'check-password';
  const age = input.now.getTime() - input.session.createdAt.getTime();
  if (input.action === 'password-change') {
    return input.session.origin === 'code' && age >= 0 && age <= RECOVERY_WINDOW_MS ? 'allowed' : 'password-required';
  }
  return age >= 0 && age <= RECENT_SIGN_IN_MS ? 'allowed' : 'password-required';
}
