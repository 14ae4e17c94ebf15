import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PG_POOL, type Pool } from '@budget/platform';
import { PushSubscriptionsRepository } from '../../push/push-subscriptions.repository.js';
import { UnregisterPushCommand } from './unregister-push.command.js';

/** Deletes only the caller's row of the endpoint. */
@CommandHandler(UnregisterPushCommand)
export class UnregisterPushHandler implements ICommandHandler<UnregisterPushCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(PushSubscriptionsRepository) private readonly subscriptions: PushSubscriptionsRepository,
  ) {}

  async execute({ userId, endpoint }: UnregisterPushCommand): Promise<void> {
    await this.subscriptions.remove(this.pool, userId, endpoint);
  }
}
