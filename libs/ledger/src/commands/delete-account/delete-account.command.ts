import { Command } from '@nestjs/cqrs';
import type { deleteAccount, RouteResponse } from '@budget/contracts';

/** Delete an account of an institution, with its transactions. */
export class DeleteAccountCommand extends Command<RouteResponse<typeof deleteAccount>> {
  constructor(
    readonly userId: string,
    readonly institutionId: string,
    readonly accountId: string,
  ) {
    super();
  }
}
