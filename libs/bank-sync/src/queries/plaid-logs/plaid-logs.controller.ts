import { Controller, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { listPlaidLogs, type RouteInput } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import { PlaidLogsQuery } from './plaid-logs.query.js';

/** GET /api/v1/admin/plaid-logs?offset&limit: `{data:[…], total}`, newest first (ADMIN only). */
@Controller()
export class PlaidLogsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(listPlaidLogs, PlaidLogsQuery)
  list(@CurrentUserId() userId: string, @Input(listPlaidLogs) { query }: RouteInput<typeof listPlaidLogs>) {
    return this.queries.execute(new PlaidLogsQuery(userId, query.offset, query.limit));
  }
}
