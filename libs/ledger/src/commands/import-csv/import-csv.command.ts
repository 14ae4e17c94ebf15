import { Command } from '@nestjs/cqrs';
import type { importCsv, RouteResponse } from '@budget/contracts';
import type { CheckedBody } from '../../http/checked-input.js';

/** Import a CSV file into an account with the columns the caller mapped. */
export class ImportCsvCommand extends Command<RouteResponse<typeof importCsv>> {
  constructor(
    readonly userId: string,
    readonly accountId: string,
    readonly body: CheckedBody<typeof importCsv>,
  ) {
    super();
  }
}
