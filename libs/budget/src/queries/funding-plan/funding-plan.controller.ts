import { Controller, Get, Inject, Query, UseFilters } from '@nestjs/common';
import { CurrentUserId } from '@budget/identity';
import { CLOCK, type Clock } from '@budget/platform';
import { BudgetRuleViolation } from '../../domain/index.js';
import { BudgetErrorFilter } from '../../http/budget-error.filter.js';
import { optionalDate } from '../../http/request-fields.js';
import { FundingPlansQuery } from './funding-plans.query.js';

function historyMonths(value: unknown): number {
  if (value === undefined) return 12;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 120) throw new BudgetRuleViolation('h', 'The history must be a whole number of months from 1 to 120.', 'number');
  return n;
}

/** GET /api/v1/funding-plans/proposed?date=D and GET /api/v1/funding-plans?h=12. */
@Controller('funding-plans')
@UseFilters(BudgetErrorFilter)
export class FundingPlansController {
  constructor(
    @Inject(FundingPlansQuery) private readonly plans: FundingPlansQuery,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get('proposed')
  async proposed(@CurrentUserId() userId: string, @Query('date') date: unknown) {
    const month = optionalDate(date, 'date');
    if (!month) throw new BudgetRuleViolation('date', 'A date must be specified.', 'required');
    return { data: await this.plans.proposed(userId, month) };
  }

  @Get()
  async plan(@CurrentUserId() userId: string, @Query('h') h: unknown) {
    return this.plans.plan(userId, this.clock.now().toISOString().slice(0, 10), historyMonths(h));
  }
}
