import { Catch, Controller, Inject, UseFilters, type ArgumentsHost } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { refreshInstitution, syncAccountTransactions, syncInstitutions, type RouteInput, type RouteResponse } from '@budget/contracts';
import { CurrentUserId, Endpoint, HttpErrorFilter, Input } from '@budget/platform';
import type { FastifyReply } from 'fastify';
import { SyncInstitutionsCommand } from './sync-institutions.command.js';

type SyncAnswer = RouteResponse<typeof syncInstitutions>;

/** A sync still running when the wait ended: answered 202 with the same body (`pending: true`). */
class SyncStillRunning extends Error {
  constructor(readonly answer: SyncAnswer) {
    super('sync still running');
  }
}

/** Writes `SyncStillRunning` as its 202, every other error as the platform does. */
@Catch()
class SyncAnswerFilter extends HttpErrorFilter {
  override catch(error: unknown, host: ArgumentsHost): void {
    if (error instanceof SyncStillRunning) void host.switchToHttp().getResponse<FastifyReply>().status(202).send(error.answer);
    else super.catch(error, host);
  }
}

function answer(result: SyncAnswer): SyncAnswer {
  if (result.data.pending) throw new SyncStillRunning(result);
  return result;
}

/** The sync routes: each one command on the bus; the worker does the syncing. */
@Controller()
@UseFilters(SyncAnswerFilter)
export class SyncInstitutionsController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  /** POST /api/v1/institutions/sync: every linked institution of the caller's. */
  @Endpoint(syncInstitutions, SyncInstitutionsCommand)
  async all(@CurrentUserId() userId: string) {
    return answer(await this.commands.execute(new SyncInstitutionsCommand(userId, null)));
  }

  /** POST /api/v1/institution/{id}: refresh one linked institution. */
  @Endpoint(refreshInstitution, SyncInstitutionsCommand)
  async one(@CurrentUserId() userId: string, @Input(refreshInstitution) { params }: RouteInput<typeof refreshInstitution>) {
    return answer(await this.commands.execute(new SyncInstitutionsCommand(userId, params.id)));
  }

  /** POST /api/v1/institution/{institutionId}/accounts/{acctId}/transactions/sync: the account's institution (Plaid syncs items whole). */
  @Endpoint(syncAccountTransactions, SyncInstitutionsCommand)
  async account(@CurrentUserId() userId: string, @Input(syncAccountTransactions) { params }: RouteInput<typeof syncAccountTransactions>) {
    return answer(await this.commands.execute(new SyncInstitutionsCommand(userId, params.institutionId, params.acctId)));
  }
}
