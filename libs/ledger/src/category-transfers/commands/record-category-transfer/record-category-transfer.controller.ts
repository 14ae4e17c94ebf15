import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { recordCategoryTransfer, type RouteInput } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import { LedgerErrorFilter } from '../../../http/ledger-error.filter.js';
import { RecordCategoryTransferCommand } from './record-category-transfer.command.js';

/** POST /api/v1/category-transfer: 201 `{data: {balances, transaction}}`. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class RecordCategoryTransferController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(recordCategoryTransfer, RecordCategoryTransferCommand)
  record(@CurrentUserId() userId: string, @Input(recordCategoryTransfer) { body }: RouteInput<typeof recordCategoryTransfer>) {
    return this.commands.execute(new RecordCategoryTransferCommand(userId, body));
  }
}
