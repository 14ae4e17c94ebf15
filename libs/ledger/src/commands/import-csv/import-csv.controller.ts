import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { importCsv } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { ImportCsvCommand } from './import-csv.command.js';

/** POST /api/v1/account/{id}/csv {text, mapping}: 201 `{data: {added, updated, unchanged, balance, …}}`. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class ImportCsvController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(importCsv, ImportCsvCommand)
  import(@CurrentUserId() userId: string, @Input(importCsv) { params, body }: CheckedInput<typeof importCsv>) {
    return this.commands.execute(new ImportCsvCommand(userId, params.id, body));
  }
}
