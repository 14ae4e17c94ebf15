import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { toDollars } from '@budget/contracts';
import { PG_POOL, type Pool } from '@budget/platform';
import { TransferCandidatesQuery } from './transfer-candidates.query.js';
import { transferCandidates, type CandidateLeg } from './transfer-candidates.sql.js';

const legView = (leg: CandidateLeg) => ({ ...leg, amount: toDollars(leg.amount) });

@QueryHandler(TransferCandidatesQuery)
export class TransferCandidatesHandler implements IQueryHandler<TransferCandidatesQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ userId, page }: TransferCandidatesQuery) {
    const rows = await transferCandidates(this.pool, userId, page.offset, page.limit);
    return { data: rows.map((r) => ({ pairId: r.pairId, legs: [legView(r.legs[0]), legView(r.legs[1])] as [ReturnType<typeof legView>, ReturnType<typeof legView>] })) };
  }
}
