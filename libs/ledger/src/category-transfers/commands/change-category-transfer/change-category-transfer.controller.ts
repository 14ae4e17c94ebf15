import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { changeCategoryTransfer, type RouteInput } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import { LedgerErrorFilter } from '../../../http/ledger-error.filter.js';
import { ChangeCategoryTransferCommand } from './change-category-transfer.command.js';

/** PATCH /api/v1/category-transfer/{id}: `{data: {balances, transaction}}`; 409 on a stale `version`. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class ChangeCategoryTransferController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(changeCategoryTransfer, ChangeCategoryTransferCommand)
  change(@CurrentUserId() userId: string, @Input(changeCategoryTransfer) { params, body }: RouteInput<typeof changeCategoryTransfer>) {
    return this.commands.execute(new ChangeCategoryTransferCommand(userId, params.id, body));
  }
}
