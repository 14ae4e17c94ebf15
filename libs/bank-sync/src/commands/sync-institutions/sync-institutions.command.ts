import { Command } from '@nestjs/cqrs';
import type { RouteResponse, syncInstitutions } from '@budget/contracts';

/** Sync the caller's linked institutions (all of them, or one) through the worker; wait a bounded time. */
export class SyncInstitutionsCommand extends Command<RouteResponse<typeof syncInstitutions>> {
  constructor(
    readonly userId: string,
    /** Null: every linked institution of the caller's. */
    readonly institutionId: string | null,
    /** The account the call named (per-account sync): it must be the caller's, under that institution. */
    readonly accountId: string | null = null,
  ) {
    super();
  }
}
