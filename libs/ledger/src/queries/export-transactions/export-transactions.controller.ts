import { Controller, Inject, UseFilters } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { exportTransactions } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { ExportTransactionsQuery } from './export-transactions.query.js';

/** GET /api/v1/transactions/export?after&limit: `{lines, next}`, a page of the caller's transactions for the export. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class ExportTransactionsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(exportTransactions, ExportTransactionsQuery)
  page(@CurrentUserId() userId: string, @Input(exportTransactions) { query }: CheckedInput<typeof exportTransactions>) {
    return this.queries.execute(new ExportTransactionsQuery(userId, query));
  }
}
