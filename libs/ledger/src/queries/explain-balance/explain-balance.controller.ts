import { Controller, Inject, UseFilters } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { explainAccountBalance, explainCategoryBalance } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { ExplainBalanceQuery } from './explain-balance.query.js';

/**
 * GET /api/v1/category/{id}/explain?from&to and GET /api/v1/account/{id}/explain?from&to:
 * `{data: {from, to, openingBalance, causes: [{cause, label, total, count, items}], closingBalance, registerBalance}}`.
 */
@Controller()
@UseFilters(LedgerErrorFilter)
export class ExplainBalanceController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(explainCategoryBalance, ExplainBalanceQuery)
  category(@CurrentUserId() userId: string, @Input(explainCategoryBalance) { params, query }: CheckedInput<typeof explainCategoryBalance>) {
    return this.queries.execute(new ExplainBalanceQuery(userId, 'category', params.id, { from: query.from ?? null, to: query.to ?? null }));
  }

  @Endpoint(explainAccountBalance, ExplainBalanceQuery)
  account(@CurrentUserId() userId: string, @Input(explainAccountBalance) { params, query }: CheckedInput<typeof explainAccountBalance>) {
    return this.queries.execute(new ExplainBalanceQuery(userId, 'account', params.id, { from: query.from ?? null, to: query.to ?? null }));
  }
}
