import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { LedgerAccountInInstitution } from '@budget/contracts';
import { PG_POOL, type Pool } from '@budget/platform';

/** Whether the account is the user's and under that institution (another user's or another institution's: false). */
@QueryHandler(LedgerAccountInInstitution)
export class LedgerAccountInInstitutionHandler implements IQueryHandler<LedgerAccountInInstitution, boolean> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ userId, institutionId, accountId }: LedgerAccountInInstitution): Promise<boolean> {
    const { rows } = await this.pool.query<{ found: boolean }>(
      'SELECT EXISTS (SELECT 1 FROM ledger_accounts WHERE user_id = $1 AND institution_id = $2::uuid AND id = $3::uuid) AS found',
      [userId, institutionId, accountId],
    );
    return rows[0]?.found ?? false;
  }
}
