import { Catch, type ArgumentsHost } from '@nestjs/common';
import { HttpErrorFilter, NotFound, ValidationFailed } from '@budget/platform';
import { RuleInputError, RuleNotFound } from '../domain/index.js';

/** The rules' domain errors in the spec's HTTP shapes: 422 on a field, 404. */
@Catch()
export class RulesErrorFilter extends HttpErrorFilter {
  override catch(error: unknown, host: ArgumentsHost): void {
    super.catch(translateRulesError(error), host);
  }
}

export function translateRulesError(error: unknown): unknown {
  if (error instanceof RuleInputError) return new ValidationFailed([{ field: error.field, message: error.message, code: error.code }]);
  if (error instanceof RuleNotFound) return new NotFound(error.message);
  return error;
}
