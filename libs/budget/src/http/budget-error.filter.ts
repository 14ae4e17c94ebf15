import { Catch, type ArgumentsHost } from '@nestjs/common';
import { Conflict, HttpErrorFilter, NotFound, ValidationFailed } from '@budget/platform';
import { BudgetHasChildren, BudgetRuleViolation, UnknownBudgetReference } from '../domain/index.js';

/** The budget's domain errors in the spec's HTTP shapes: 422 on a field, 404, 409 HAS_CHILDREN. */
@Catch()
export class BudgetErrorFilter extends HttpErrorFilter {
  override catch(error: unknown, host: ArgumentsHost): void {
    super.catch(translateBudgetError(error), host);
  }
}

export function translateBudgetError(error: unknown): unknown {
  if (error instanceof BudgetRuleViolation) return new ValidationFailed([{ field: error.field, message: error.message, code: error.code }]);
  if (error instanceof UnknownBudgetReference) return new NotFound(error.message);
  if (error instanceof BudgetHasChildren) return new Conflict('HAS_CHILDREN', error.message);
  return error;
}
