import { Command } from '@nestjs/cqrs';
import type { importOfx, RouteResponse } from '@budget/contracts';

/** Import an OFX/QFX file (its text) into an account. */
export class ImportOfxCommand extends Command<RouteResponse<typeof importOfx>> {
  constructor(
    readonly userId: string,
    readonly accountId: string,
    readonly file: string,
  ) {
    super();
  }
}
