/** Fixed-window limits (docs/architecture.md §7). Keys never depend on whether an account exists. */
export interface Limit {
  limit: number;
  windowSeconds: number;
}

const FIFTEEN_MINUTES = 15 * 60;

export const DEFAULT_RATE_LIMITS = {
  /** Failed sign-ins per username and IP address. */
  loginFailuresPerUserAndIp: { limit: 10, windowSeconds: FIFTEEN_MINUTES },
  /**
   * Failed sign-ins per username from every address together (guessing spread over many
   * addresses). Past it the username's password sign-in waits for the window; its owner still gets
   * in with a mailed code (recovery), which also clears it.
   */
  loginFailuresPerUser: { limit: 30, windowSeconds: FIFTEEN_MINUTES },
  /** Every sign-in attempt per IP address (password spraying across usernames). */
  loginPerIp: { limit: 100, windowSeconds: FIFTEEN_MINUTES },
  /** Code e-mails per address (mail bombing) and per IP address. */
  codeRequestPerEmail: { limit: 5, windowSeconds: FIFTEEN_MINUTES },
  codeRequestPerIp: { limit: 20, windowSeconds: FIFTEEN_MINUTES },
  /**
   * Code checks per address from one IP address, and per IP address: a stranger's checks never
   * use up the owner's (on top of the tries each code allows each requester).
   */
  codeVerifyPerEmail: { limit: 10, windowSeconds: FIFTEEN_MINUTES },
  /** Wrong guesses at one address's code per requester (its life): 5, as `MAX_CODE_ATTEMPTS_PER_REQUESTER`. */
  codeGuessesPerRequester: { limit: 5, windowSeconds: 10 * 60 },
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
