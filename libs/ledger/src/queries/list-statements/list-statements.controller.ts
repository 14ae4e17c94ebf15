import { Controller, Inject, UseFilters } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { listStatements } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { ListStatementsQuery } from './list-statements.query.js';

/** GET /api/v1/account/{id}/statements?offset&limit: the statements, newest end date first (1000 unless a limit is given). */
@Controller()
@UseFilters(LedgerErrorFilter)
export class ListStatementsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(listStatements, ListStatementsQuery)
  list(@CurrentUserId() userId: string, @Input(listStatements) { params, query }: CheckedInput<typeof listStatements>) {
    return this.queries.execute(new ListStatementsQuery(userId, params.id, query));
  }
}
