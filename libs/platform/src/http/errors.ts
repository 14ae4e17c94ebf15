/**
 * Errors that reach HTTP in the spec's shapes (product-spec §8, server-behaviour §1.3, §6).
 * Domain code throws these; `HttpErrorFilter` writes them.
 */
export interface FieldError {
  field: string;
  message: string;
  code: string;
}

/** 422 `{errors:[{field, message, code, detail, source:{pointer}}]}`: both spellings, as the client reads either. */
export class ValidationFailed extends Error {
  constructor(readonly errors: FieldError[], readonly status = 422) {
    super(errors.map((e) => `${e.field}: ${e.message}`).join('; '));
  }
}

export class NotFound extends Error {
  constructor(message = 'Not found') {
    super(message);
  }
}

export class Conflict extends Error {
  constructor(readonly code: 'INCORRECT_VERSION' | 'HAS_CHILDREN' | string, readonly detail: string) {
    super(detail);
  }
}

export class Unauthorized extends Error {
  constructor(message = 'Unauthorized access') {
    super(message);
  }
}

export class TooManyRequests extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many requests. Please try again later.');
  }
}

/**
 * An outside provider (Plaid) failed or refused: 502 with the provider's code, e.g.
 * `{errors:[{code:'PLAID_ERROR', detail, meta:{providerCode:'ITEM_LOGIN_REQUIRED'}}]}` (server-behaviour §6).
 */
export class ProviderFailed extends Error {
  constructor(readonly code: string, message: string, readonly providerCode: string, readonly status = 502) {
    super(message);
  }
}

export function fieldError(field: string, message: string, code = 'invalid'): FieldError {
  return { field, message, code };
}
