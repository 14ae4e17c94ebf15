import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, PG_POOL, type Clock, type Pool } from '@budget/platform';
import { PushSubscriptionsRepository } from '../../push/push-subscriptions.repository.js';
import { RegisterPushCommand } from './register-push.command.js';

/** Upserts the subscription by endpoint (server-behaviour §7.5 item 39: no duplicates). */
@CommandHandler(RegisterPushCommand)
export class RegisterPushHandler implements ICommandHandler<RegisterPushCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PushSubscriptionsRepository) private readonly subscriptions: PushSubscriptionsRepository,
  ) {}

  async execute({ userId, subscription }: RegisterPushCommand): Promise<void> {
    await this.subscriptions.upsert(this.pool, userId, subscription, this.clock.now());
  }
}
