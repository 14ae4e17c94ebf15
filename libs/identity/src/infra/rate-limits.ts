/** Fixed-window limits (docs/architecture.md §7). Keys never depend on whether an account exists. */
export interface Limit {
  limit: number;
  windowSeconds: number;
}

const FIFTEEN_MINUTES = 15 * 60;

export const DEFAULT_RATE_LIMITS = {
  /** Failed sign-ins per username and IP address. */
  loginFailuresPerUserAndIp: { limit: 10, windowSeconds: FIFTEEN_MINUTES },
  /** Every sign-in attempt per IP address (password spraying across usernames). */
  loginPerIp: { limit: 100, windowSeconds: FIFTEEN_MINUTES },
  /** Code e-mails per address (mail bombing) and per IP address. */
  codeRequestPerEmail: { limit: 5, windowSeconds: FIFTEEN_MINUTES },
  codeRequestPerIp: { limit: 20, windowSeconds: FIFTEEN_MINUTES },
  /** Code checks per address and per IP address (on top of the 5 tries each code allows). */
  codeVerifyPerEmail: { limit: 10, windowSeconds: FIFTEEN_MINUTES },
  codeVerifyPerIp: { limit: 30, windowSeconds: FIFTEEN_MINUTES },
  /** Sign-ups per IP address. */
  registerPerIp: { limit: 20, windowSeconds: 60 * 60 },
  /** E-mail change mails per user. */
  emailChangePerUser: { limit: 5, windowSeconds: FIFTEEN_MINUTES },
  /** Wrong current passwords per user (re-authentication; a success resets it), like failed sign-ins. */
  currentPasswordFailuresPerUser: { limit: 10, windowSeconds: FIFTEEN_MINUTES },
} as const satisfies Record<string, Limit>;

export type RateLimitTable = { [K in keyof typeof DEFAULT_RATE_LIMITS]: Limit };

/** The limits in force: the defaults, with any overrides from IdentityModule.forRoot. */
export const RATE_LIMITS = Symbol.for('budget.identity.RateLimits');
