import { Controller, Inject, UseFilters } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { listTransferCandidates } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { TransferCandidatesQuery } from './transfer-candidates.query.js';

/** GET /api/v1/transfer-pairs/candidates?offset&limit: `{data: [{pairId, legs}]}`. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class TransferCandidatesController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(listTransferCandidates, TransferCandidatesQuery)
  list(@CurrentUserId() userId: string, @Input(listTransferCandidates) { query }: CheckedInput<typeof listTransferCandidates>) {
    return this.queries.execute(new TransferCandidatesQuery(userId, query));
  }
}
