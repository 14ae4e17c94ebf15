import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { dedupTransaction } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { DedupTransactionCommand } from './dedup-transaction.command.js';

/** POST /api/v1/transaction/{id}/dedup: empty 200. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class DedupTransactionController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(dedupTransaction, DedupTransactionCommand)
  dedup(@CurrentUserId() userId: string, @Input(dedupTransaction) { params }: CheckedInput<typeof dedupTransaction>) {
    return this.commands.execute(new DedupTransactionCommand(userId, params.id));
  }
}
