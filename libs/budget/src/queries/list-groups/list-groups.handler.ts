import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { listGroups, RouteResponse } from '@budget/contracts';
import { BudgetReads } from './budget-reads.js';
import { ListGroupsQuery } from './list-groups.query.js';

/** Reads the tree from the budget's read model, with the ledger's balances. */
@QueryHandler(ListGroupsQuery)
export class ListGroupsHandler implements IQueryHandler<ListGroupsQuery, RouteResponse<typeof listGroups>> {
  constructor(@Inject(BudgetReads) private readonly reads: BudgetReads) {}

  async execute({ userId }: ListGroupsQuery): Promise<RouteResponse<typeof listGroups>> {
    return { data: await this.reads.tree(userId) };
  }
}
