import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { WrongExpectedRevisionError } from '../event-store/port.js';
import { ProjectionTimeoutError } from '../projection/projection-timeout.error.js';
import { ProjectionQuarantinedError } from '../projection/projection-quarantined.error.js';
import { ProjectionFailedError } from '../projection/projection-failed.error.js';
import { Conflict, NotFound, ProviderFailed, TooManyRequests, Unauthorized, ValidationFailed } from './errors.js';

interface Reply {
  status(code: number): Reply;
  header(name: string, value: string): Reply;
  send(body?: unknown): void;
}

export interface ErrorEntry {
  field?: string;
  code: string;
  message: string;
  detail: string;
  status: string;
  source?: { pointer: string };
  /** The outside provider's own error code (ProviderFailed). */
  providerCode?: string;
}

/** The spec's text for a stale transaction version (its error catalogue), kept word for word. */
export const INCORRECT_VERSION_DETAIL = 'The version of the transaction does not match the version stored in the database.';

/**
 * What a store conflict answers, naming what changed by the kind of its stream (`<kind>-<id>`).
 * Commands without a client version are decided again on a conflict (`EventWriter.retrying`), so
 * these reach a client only when its own version is stale or the retries ran out.
 */
const CHANGED: Record<string, string> = {
  transaction: INCORRECT_VERSION_DETAIL,
  account: 'The account (or one of its statements or balances) was changed by another request. Reload it and try again.',
  institution: 'The institution was changed by another request. Reload it and try again.',
  budget: 'The budget was changed by another request. Reload it and try again.',
};

export function incorrectVersionDetail(stream: string): string {
  return CHANGED[stream.split('-', 1)[0]!] ?? 'This record was changed by another request. Reload it and try again.';
}
const INTERNAL = 'Something went wrong on our side.';

/** The field a form shows errors that belong to no one input (spec §8: "a general error field"). */
export const GENERAL_FIELD = 'general';

/** One entry of the spec's error list, with both spellings the client reads. */
export function errorEntry(status: number, code: string, message: string, field?: string): ErrorEntry {
  return {
    ...(field !== undefined && { field, source: { pointer: field } }),
    code,
    message,
    detail: message,
    status: String(status),
  };
}

/** Fastify's own 4xx (bad JSON, body too large, bad URL, unsupported type…): status and a plain message. */
const FRAMEWORK_MESSAGES: Record<number, [string, string]> = {
  400: ['E_BAD_REQUEST', 'The request could not be read.'],
  404: ['E_ROUTE_NOT_FOUND', 'Route not found'],
  405: ['E_METHOD_NOT_ALLOWED', 'Method not allowed'],
  406: ['E_NOT_ACCEPTABLE', 'Not acceptable'],
  413: ['E_PAYLOAD_TOO_LARGE', 'The request body is too large.'],
  414: ['E_URI_TOO_LONG', 'The address is too long.'],
  415: ['E_UNSUPPORTED_MEDIA_TYPE', 'This content type is not supported.'],
  431: ['E_HEADERS_TOO_LARGE', 'The request headers are too large.'],
};

/**
 * What a write answers when its events are stored but the read models have not caught up within
 * the wait: 202, never a failure. The client shows the message and refreshes once the read
 * models pass `position` (a decimal string: positions are 64-bit).
 */
export interface PendingAnswer {
  pending: true;
  position: string;
  message: string;
  /** Set when the read models cannot catch up for now (the user's projector partition is quarantined). */
  reason?: 'PROJECTION_QUARANTINED';
}
export const PENDING_MESSAGE = 'Saved — updating balances…';
export const QUARANTINED_MESSAGE = 'Saved — your balances will update once an earlier change of yours, which could not be applied to them, is fixed.';
const PROJECTION_FAILED = 'This change could not be applied to your balances, so it was not saved. Nothing was changed.';

/** The status and body of any error, in the spec's one format (product-spec §8). */
export function errorResponse(error: unknown): [number, { errors: ErrorEntry[] } | PendingAnswer] {
  if (error instanceof ProjectionQuarantinedError) {
    return [202, { pending: true, position: error.position.toString(), message: QUARANTINED_MESSAGE, reason: 'PROJECTION_QUARANTINED' }];
  }
  if (error instanceof ProjectionTimeoutError) return [202, { pending: true, position: error.position.toString(), message: PENDING_MESSAGE }];
  if (error instanceof ProjectionFailedError) return [500, { errors: [errorEntry(500, 'E_PROJECTION_FAILED', PROJECTION_FAILED, GENERAL_FIELD)] }];
  if (error instanceof ValidationFailed) {
    return [error.status, { errors: error.errors.map((e) => errorEntry(error.status, e.code, e.message, e.field)) }];
  }
  if (error instanceof WrongExpectedRevisionError) return [409, { errors: [errorEntry(409, 'INCORRECT_VERSION', incorrectVersionDetail(error.stream))] }];
  if (error instanceof Conflict) return [409, { errors: [errorEntry(409, error.code, error.detail)] }];
  if (error instanceof ProviderFailed) return [error.status, { errors: [{ ...errorEntry(error.status, error.code, error.message, GENERAL_FIELD), providerCode: error.providerCode }] }];
  if (error instanceof NotFound) return [404, { errors: [errorEntry(404, 'E_ROW_NOT_FOUND', error.message)] }];
  if (error instanceof Unauthorized) return [401, { errors: [errorEntry(401, 'E_UNAUTHORIZED_ACCESS', error.message)] }];
  if (error instanceof TooManyRequests) return [429, { errors: [errorEntry(429, 'E_TOO_MANY_REQUESTS', error.message, GENERAL_FIELD)] }];
  const status = error instanceof HttpException ? error.getStatus() : statusOf(error);
  if (status !== null && status >= 400 && status < 500) {
    const [code, message] = FRAMEWORK_MESSAGES[status] ?? [`E_HTTP_${status}`, 'The request was refused.'];
    return [status, { errors: [errorEntry(status, code, message)] }];
  }
  return [500, { errors: [errorEntry(500, 'E_INTERNAL', INTERNAL)] }];
}

function statusOf(error: unknown): number | null {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && Number.isInteger(status) ? status : null;
}

/** Maps every error to the spec's error format; unknown errors become a 500 without internals. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrorFilter');

  catch(error: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<Reply>();
    const [status, body] = errorResponse(error);
    if (status >= 500) this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    if (error instanceof TooManyRequests) reply.header('Retry-After', String(error.retryAfterSeconds));
    reply.status(status).send(body);
  }
}
