import { hasErrorList } from '../forms/form-errors.js';

/** Why a call failed although the server answered. */
export type ApiErrorKind =
  /** A non-ok status (404, 422, 409…): `body` holds the server's error list. */
  | 'status'
  /** An ok status whose body does not match the route's response schema. */
  | 'invalid-response'
  /** A write the server stored but whose read models had not caught up after every re-send (202). */
  | 'pending';

export const INVALID_RESPONSE = 'invalid response';

function firstMessage(body: unknown): string | null {
  if (!hasErrorList(body)) return null;
  const [entry] = body.errors;
  const message = entry?.message ?? entry?.detail;
  return typeof message === 'string' && message !== '' ? message : null;
}

/**
 * A call that did not give what its route promises: a screen shows it as an error with a retry,
 * never as an empty result.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly kind: ApiErrorKind,
    readonly status: number,
    readonly body: unknown,
    message: string,
    /** For an invalid response: where the answer broke the contract. */
    readonly detail: string | null = null,
  ) {
    super(message);
  }

  /** A non-ok answer, with the server's first message when it sent one. */
  static status(status: number, body: unknown): ApiError {
    return new ApiError('status', status, body, firstMessage(body) ?? `The server answered ${status}.`);
  }

  /** A write that is stored but not visible yet: the message says so (never "try again": it is saved). */
  static pending(body: unknown): ApiError {
    const message = (body as { message?: unknown } | null)?.message;
    return new ApiError('pending', 202, body, typeof message === 'string' ? message : 'Saved — updating balances…');
  }

  /** An ok answer that is not what the route's contract describes. */
  static invalidResponse(status: number, body: unknown, detail: string): ApiError {
    return new ApiError('invalid-response', status, body, INVALID_RESPONSE, detail);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
