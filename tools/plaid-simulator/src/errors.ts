import { randomBytes } from 'node:crypto';
import { PlaidErrorType, type PlaidError } from 'plaid';

/** A Plaid error answer: HTTP status and Plaid's error body (`request_id` is added when sent). */
export class PlaidFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: Omit<PlaidError, 'request_id'>,
  ) {
    super(`${body.error_code}: ${body.error_message}`);
  }
}

interface Known {
  status: number;
  type: PlaidErrorType;
  message: string;
  display: string | null;
}

/** The errors the simulator answers, with Plaid's statuses, types and messages. */
const KNOWN: Record<string, Known> = {
  ITEM_LOGIN_REQUIRED: {
    status: 400,
    type: PlaidErrorType.ItemError,
    message:
      "the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information. use Link's update mode to restore the item to a good state",
    display: null,
  },
  TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION: {
    status: 400,
    type: PlaidErrorType.TransactionsError,
    message: 'Underlying transaction data changed since last page was fetched. Please restart pagination from last update.',
    display: null,
  },
  INTERNAL_SERVER_ERROR: { status: 500, type: PlaidErrorType.ApiError, message: 'an unexpected error occurred', display: 'Something went wrong. Please try again later.' },
  PLANNED_MAINTENANCE: { status: 503, type: PlaidErrorType.ApiError, message: 'the Plaid API is temporarily unavailable due to planned maintenance', display: null },
  INSTITUTION_DOWN: { status: 400, type: PlaidErrorType.InstitutionError, message: 'this institution is not currently responding to this request. please try again soon', display: 'This financial institution is not currently responding to requests. We apologize for the inconvenience.' },
  INSTITUTION_NOT_RESPONDING: { status: 400, type: PlaidErrorType.InstitutionError, message: 'this institution is not currently responding to this request. please try again soon', display: 'This financial institution is not currently responding to requests. We apologize for the inconvenience.' },
  INVALID_ACCESS_TOKEN: { status: 400, type: PlaidErrorType.InvalidInput, message: 'provided access token is in an invalid format. expected format: access-<environment>-<identifier>', display: null },
  INVALID_PUBLIC_TOKEN: { status: 400, type: PlaidErrorType.InvalidInput, message: 'provided public token is expired. Public tokens expire 30 minutes after creation at which point they can no longer be exchanged', display: null },
  INVALID_LINK_TOKEN: { status: 400, type: PlaidErrorType.InvalidInput, message: 'provided link token is invalid or expired', display: null },
  INVALID_API_KEYS: { status: 400, type: PlaidErrorType.InvalidInput, message: 'invalid client_id or secret provided', display: null },
  INVALID_INSTITUTION: { status: 400, type: PlaidErrorType.InvalidInput, message: 'invalid institution_id provided', display: null },
  MISSING_FIELDS: { status: 400, type: PlaidErrorType.InvalidRequest, message: 'the following required fields are missing', display: null },
  INVALID_FIELD: { status: 400, type: PlaidErrorType.InvalidRequest, message: 'a field has an invalid value', display: null },
  INVALID_BODY: { status: 400, type: PlaidErrorType.InvalidRequest, message: 'body could not be parsed as JSON', display: null },
  NOT_FOUND: { status: 404, type: PlaidErrorType.InvalidRequest, message: 'not found', display: null },
};

/** Plaid's rate-limit codes per endpoint (error_type RATE_LIMIT_EXCEEDED, HTTP 429). */
const RATE_LIMIT_CODES: Record<string, string> = {
  '/transactions/sync': 'TRANSACTIONS_SYNC_LIMIT',
  '/accounts/get': 'ACCOUNTS_LIMIT',
  '/accounts/balance/get': 'BALANCE_LIMIT',
  '/item/get': 'ITEM_GET_LIMIT',
};
const RATE_LIMITS = new Set(['RATE_LIMIT', 'RATE_LIMIT_EXCEEDED', ...Object.values(RATE_LIMIT_CODES)]);

/** The error codes a fault may name (POST /simulator/faults). */
export function isKnownCode(code: string): boolean {
  return code in KNOWN || RATE_LIMITS.has(code);
}

/**
 * Plaid's error for `code` on `endpoint`. `RATE_LIMIT_EXCEEDED` (Plaid's error_type) becomes the
 * endpoint's own rate-limit code, e.g. TRANSACTIONS_SYNC_LIMIT on /transactions/sync.
 */
export function plaidError(code: string, endpoint = '', detail?: string): PlaidFailure {
  if (RATE_LIMITS.has(code)) {
    const errorCode = code === 'RATE_LIMIT_EXCEEDED' ? (RATE_LIMIT_CODES[endpoint] ?? 'RATE_LIMIT') : code;
    return new PlaidFailure(429, {
      error_type: PlaidErrorType.RateLimitExceeded,
      error_code: errorCode,
      error_message: 'rate limit exceeded for attempts to access this item. please try again later',
      display_message: null,
    });
  }
  const known = KNOWN[code] ?? KNOWN.INTERNAL_SERVER_ERROR!;
  return new PlaidFailure(known.status, {
    error_type: known.type,
    error_code: code in KNOWN ? code : 'INTERNAL_SERVER_ERROR',
    error_message: detail ? `${known.message}: ${detail}` : known.message,
    display_message: known.display,
  });
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** A Plaid-looking request id (15 characters). */
export function requestId(): string {
  return [...randomBytes(15)].map((b) => BASE62[b % 62]).join('');
}
