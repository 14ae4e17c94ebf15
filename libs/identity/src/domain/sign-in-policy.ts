/**
 * Sign-in requires a verified e-mail address (libs/identity/README.md "Decisions"). The check runs
 * only after the password matched, so it tells nothing to someone who does not know the password.
 */
export const UNVERIFIED_EMAIL_MESSAGE =
  'Please verify your e-mail address first: enter the code we e-mailed you, or request a new code with "Forgot password".';

export const BAD_CREDENTIALS_MESSAGE = 'The username or password does not match our records.';

export type SignInDecision = 'sign-in' | 'bad-credentials' | 'unverified';

export function decideSignIn(user: { emailVerifiedAt: Date | null } | null, passwordMatches: boolean): SignInDecision {
  if (user === null || !passwordMatches) return 'bad-credentials';
  if (user.emailVerifiedAt === null) return 'unverified';
  return 'sign-in';
}
