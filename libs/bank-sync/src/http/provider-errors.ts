import { ProviderFailed, ValidationFailed } from '@budget/platform';
import { PlaidCallError } from '../plaid/plaid-call-error.js';

/** Plaid codes that mean the public token the client sent is unusable: the client's input, 422. */
const BAD_PUBLIC_TOKEN = new Set(['INVALID_PUBLIC_TOKEN', 'INVALID_INPUT']);

/**
 * A failed Plaid call as the caller should see it: a public token Plaid refuses is a 422 on
 * `publicToken`; anything else a 502 `PLAID_ERROR` carrying Plaid's code (`providerCode`, e.g.
 * ITEM_LOGIN_REQUIRED, which tells the client to offer a relink). Other errors pass unchanged.
 */
export function providerError(error: unknown, publicTokenField?: string): unknown {
  if (!(error instanceof PlaidCallError)) return error;
  if (publicTokenField && BAD_PUBLIC_TOKEN.has(error.errorCode)) {
    return new ValidationFailed([{ field: publicTokenField, message: 'The bank link has expired or is not valid; link the bank again.', code: 'invalid' }]);
  }
  const message = error.displayMessage ?? (error.status === 0 ? 'The bank connection service could not be reached.' : `The bank connection service refused the request (${error.errorCode}).`);
  return new ProviderFailed('PLAID_ERROR', message, error.errorCode);
}
