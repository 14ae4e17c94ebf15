import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PG_POOL, type Pool } from '@budget/platform';
import { ListPayeesQuery } from './list-payees.query.js';
import { listPayees } from './list-payees.sql.js';

/** Reads the payees read model (docs/architecture.md §4.4), the caller's rows only. */
@QueryHandler(ListPayeesQuery)
export class ListPayeesHandler implements IQueryHandler<ListPayeesQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ userId, search }: ListPayeesQuery) {
    return { data: await listPayees(this.pool, userId, search.name ?? '', search.limit) };
  }
}
