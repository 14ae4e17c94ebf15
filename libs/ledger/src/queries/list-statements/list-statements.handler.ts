import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PG_POOL, type Pool } from '@budget/platform';
import { ListStatementsQuery } from './list-statements.query.js';
import { listStatements } from './statements.sql.js';

@QueryHandler(ListStatementsQuery)
export class ListStatementsHandler implements IQueryHandler<ListStatementsQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  execute({ userId, accountId, page }: ListStatementsQuery) {
    return listStatements(this.pool, userId, accountId, page.offset, page.limit);
  }
}
