import { Query } from '@nestjs/cqrs';
import type { explainCategoryBalance, RouteResponse } from '@budget/contracts';
import type { ExplainRange } from './explain-balance.sql.js';

/** How a category's or an account's balance came to be, between two dates (README "Every cent explained"). */
export class ExplainBalanceQuery extends Query<RouteResponse<typeof explainCategoryBalance>> {
  constructor(
    readonly userId: string,
    readonly subject: 'category' | 'account',
    readonly id: string,
    readonly range: ExplainRange,
  ) {
    super();
  }
}
