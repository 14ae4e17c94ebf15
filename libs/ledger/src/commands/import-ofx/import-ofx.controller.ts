import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { importOfx } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { ImportOfxCommand } from './import-ofx.command.js';

/** POST /api/v1/account/{id}/ofx with the file as the raw body: 201 `{data: {added, updated, unchanged, balance, fileBalance, …}}`. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class ImportOfxController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(importOfx, ImportOfxCommand)
  import(@CurrentUserId() userId: string, @Input(importOfx) { params, body }: CheckedInput<typeof importOfx>) {
    return this.commands.execute(new ImportOfxCommand(userId, params.id, body));
  }
}
