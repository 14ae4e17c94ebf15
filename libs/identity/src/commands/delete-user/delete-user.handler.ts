import { Inject, Optional } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  EVENT_STORE, PG_POOL, PROJECTION_WAITER, PROJECTIONS, eraseUserReadModels, withTransaction,
  type EventStore, type Pool, type Projection, type ProjectionWaiter,
} from '@budget/platform';
import { deleteUserMailJobs } from '../../persistence/user-mail-jobs.js';
import { UsersRepository } from '../../persistence/users.repository.js';
import { Reauthentication } from '../../session/reauthentication.js';
import { USER_ERASERS, type UserEraser } from '../../ports.js';
import { DeleteUserCommand } from './delete-user.command.js';

/** How long erasure waits for the projector to pass the events it may already have read. */
const PROJECTOR_WAIT_MS = 10_000;

/**
 * DELETE /user: after re-authentication (`Reauthentication`), erases the account, its events and its read-model rows. First what other contexts
 * keep about the user outside them (`USER_ERASERS`: linked banks, removed at Plaid). Then (see
 * `eraseUserReadModels`): delete the user's events; wait until the projector has passed the head
 * position of that moment, so no event it already read can re-create rows; then, in one
 * transaction, delete the read-model rows, the user's mail jobs in the job outbox and the identity rows. Any failure answers 500 and
 * leaves the user row in place, so signing in and deleting again finishes the job (every step is
 * idempotent). Nothing is ever reported as deleted when it was not.
 */
@CommandHandler(DeleteUserCommand)
export class DeleteUserHandler implements ICommandHandler<DeleteUserCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTION_WAITER) private readonly waiter: ProjectionWaiter,
    @Inject(PROJECTIONS) private readonly projections: readonly Projection[],
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(Reauthentication) private readonly reauthentication: Reauthentication,
    @Optional() @Inject(USER_ERASERS) private readonly erasers: readonly UserEraser[] = [],
  ) {}

  async execute({ userId, sessionId, currentPassword }: DeleteUserCommand): Promise<void> {
    // Nothing is erased before the caller has proved who they are (a recent sign-in, or the password).
    await this.reauthentication.confirm('account-deletion', userId, sessionId, currentPassword);
    for (const eraser of this.erasers ?? []) await eraser.eraseUser(userId);
    await this.store.deleteUserStreams(userId);
    await this.waiter.waitFor(await this.store.headPosition(), PROJECTOR_WAIT_MS);
    await withTransaction(this.pool, async (client) => {
      await eraseUserReadModels(client, this.projections, userId);
      const user = await this.users.byId(client, userId, true);
      if (user) await deleteUserMailJobs(client, userId, [user.email, ...(user.pendingEmail ? [user.pendingEmail] : [])]);
      // Sessions, refresh tokens and codes go with the user row (ON DELETE CASCADE).
      await this.users.delete(client, userId);
    });
  }
}
