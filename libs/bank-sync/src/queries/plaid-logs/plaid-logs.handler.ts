import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { IdentityUserRoles } from '@budget/contracts';
import { NotFound } from '@budget/platform';
import { ProviderLog } from '../../provider-log/provider-log.js';
import { PlaidLogsQuery } from './plaid-logs.query.js';

/**
 * The provider log for the ADMIN role only: anyone else is told the page does not exist (404, as
 * server-behaviour §6 "Non-admin on /admin"). Roles come from identity through its public query.
 */
@QueryHandler(PlaidLogsQuery)
export class PlaidLogsHandler implements IQueryHandler<PlaidLogsQuery> {
  constructor(
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(ProviderLog) private readonly log: ProviderLog,
  ) {}

  async execute({ userId, offset, limit }: PlaidLogsQuery) {
    const roles = await this.queries.execute<IdentityUserRoles, string[]>(new IdentityUserRoles(userId));
    if (!roles.includes('ADMIN')) throw new NotFound('Not found');
    const { rows, total } = await this.log.page(offset, limit);
    return { data: rows.map(({ itemId, ...row }) => ({ ...row, institutionId: itemId })), total };
  }
}
