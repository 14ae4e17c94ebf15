import { Controller, Get, Inject, Query, UseFilters } from '@nestjs/common';
import { listGroups } from '@budget/budget';
import { CurrentUserId } from '@budget/identity';
import { PG_POOL, type Pool } from '@budget/platform';
import { isCalendarDate } from '../../domain/dates.js';
import { RuleViolation } from '../../domain/domain-error.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { pageQuery } from '../../http/request-parsing.js';
import { LedgerLookups } from '../../queries/ledger-lookups.js';
import { TRANSFER_MESSAGES } from '../domain/transfer-lines.js';
import { CategoryBalancesQuery } from './category-balances.query.js';
import { FundingInfoQuery } from './funding-info.query.js';
import { RebalancesQuery } from './rebalances.query.js';

function dateQuery(value: unknown): string {
  if (value === undefined || value === '') throw new RuleViolation('date', TRANSFER_MESSAGES.date, 'required');
  const date = typeof value === 'string' ? value.slice(0, 10) : '';
  if (!isCalendarDate(date)) throw new RuleViolation('date', 'A valid date must be provided.', 'date');
  return date;
}

/** What the funding, rebalance and category-transfer dialogs read (server-behaviour §4.4.2, §4.4.3, §4.3). */
@Controller()
@UseFilters(LedgerErrorFilter)
export class CategoryQueriesController {
  constructor(
    @Inject(CategoryBalancesQuery) private readonly balances: CategoryBalancesQuery,
    @Inject(FundingInfoQuery) private readonly funding: FundingInfoQuery,
    @Inject(RebalancesQuery) private readonly rebalances: RebalancesQuery,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  /** A bare array `[{id, balance}]`. */
  @Get('category-balances')
  async categoryBalances(@CurrentUserId() userId: string, @Query('date') date: unknown, @Query('id') id: unknown) {
    const asOf = dateQuery(date);
    const transactionId = typeof id === 'string' && id !== '' ? id : null;
    if (transactionId) await this.lookups.transactionOwned(userId, transactionId);
    return this.balances.asOf(userId, asOf, transactionId);
  }

  /** With a date the funding information `{data: [...]}`; without, the tree as GET /groups gives it. */
  @Get('categories')
  async categories(@CurrentUserId() userId: string, @Query('date') date: unknown) {
    if (date === undefined) return { data: await listGroups(this.pool, userId) };
    return { data: await this.funding.forMonth(userId, dateQuery(date)) };
  }

  /** `{data: {transactions, balance: 0, transactionsCount}}`, 30 per page unless a limit is given. */
  @Get('rebalances')
  async rebalancesPage(@CurrentUserId() userId: string, @Query() query: Record<string, unknown>) {
    const { offset, limit } = pageQuery(query);
    return { data: await this.rebalances.page(userId, offset, limit ?? 30) };
  }
}
