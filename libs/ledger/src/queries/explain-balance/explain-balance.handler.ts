import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PG_POOL, type Pool } from '@budget/platform';
import { ExplainBalanceQuery } from './explain-balance.query.js';
import { explainAccount, explainCategory } from './explain-balance.sql.js';

/**
 * Reads the walk in one REPEATABLE READ transaction, so the opening balance, the causes, the log
 * lines and the register's balance it ends at are one snapshot of the read models.
 */
@QueryHandler(ExplainBalanceQuery)
export class ExplainBalanceHandler implements IQueryHandler<ExplainBalanceQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ userId, subject, id, range }: ExplainBalanceQuery) {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const answer = subject === 'category' ? await explainCategory(client, userId, id, range) : await explainAccount(client, userId, id, range);
      await client.query('COMMIT');
      return answer;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}
