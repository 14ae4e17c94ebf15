import { Controller, Inject, UseFilters } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { listTransactionLogs } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { TransactionLogsQuery } from './transaction-logs.query.js';

/** GET /api/v1/transaction-logs?offset&limit: the log lines, newest first (30 unless a limit is given). */
@Controller()
@UseFilters(LedgerErrorFilter)
export class TransactionLogsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(listTransactionLogs, TransactionLogsQuery)
  list(@CurrentUserId() userId: string, @Input(listTransactionLogs) { query }: CheckedInput<typeof listTransactionLogs>) {
    return this.queries.execute(new TransactionLogsQuery(userId, query));
  }
}
