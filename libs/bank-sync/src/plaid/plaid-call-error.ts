/**
 * A failed Plaid call, stripped of the HTTP client's error (whose config carries the app's secret
 * in its headers): Plaid's status and error body only. `errorCode` is Plaid's `error_code`, e.g.
 * `ITEM_LOGIN_REQUIRED`, `INVALID_PUBLIC_TOKEN`, `RATE_LIMIT_EXCEEDED`,
 * `TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION`; a call that got no answer has status 0 and
 * code `PROVIDER_UNREACHABLE`.
 */
export class PlaidCallError extends Error {
  constructor(
    readonly endpoint: string,
    readonly status: number,
    readonly errorType: string | null,
    readonly errorCode: string,
    readonly displayMessage: string | null,
    readonly requestId: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'PlaidCallError';
  }
}
