import { Catch, type ArgumentsHost } from '@nestjs/common';
import { Conflict, HttpErrorFilter, NotFound, ValidationFailed } from '@budget/platform';
import { ForbiddenChange, RuleViolation, UnknownReference } from '../domain/domain-error.js';
import { StaleVersion } from '../domain/edit-transaction.decide.js';

const INCORRECT_VERSION = 'The version of the transaction does not match the version stored in the database.';

/** Turns the ledger's domain errors into the spec's HTTP errors, then writes them like every other error. */
@Catch()
export class LedgerErrorFilter extends HttpErrorFilter {
  override catch(error: unknown, host: ArgumentsHost): void {
    super.catch(translate(error), host);
  }
}

export function translate(error: unknown): unknown {
  if (error instanceof RuleViolation) return new ValidationFailed([{ field: error.field, message: error.message, code: error.code }]);
  if (error instanceof UnknownReference) return new NotFound(error.message);
  if (error instanceof ForbiddenChange) return new ValidationFailed([{ field: 'id', message: error.message, code: 'forbidden' }]);
  if (error instanceof StaleVersion) return new Conflict('INCORRECT_VERSION', INCORRECT_VERSION);
  return error;
}
