import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, Conflict, PG_POOL, type Clock, type Pool } from '@budget/platform';
import { PushSubscriptionsRepository } from '../../push/push-subscriptions.repository.js';
import { RegisterPushCommand } from './register-push.command.js';

/**
 * Upserts the subscription by endpoint (server-behaviour §7.5 item 39: no duplicates). An endpoint
 * another user holds, registered without that subscription's keys, is 409 and stays theirs.
 */
@CommandHandler(RegisterPushCommand)
export class RegisterPushHandler implements ICommandHandler<RegisterPushCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PushSubscriptionsRepository) private readonly subscriptions: PushSubscriptionsRepository,
  ) {}

  async execute({ userId, subscription }: RegisterPushCommand): Promise<void> {
    const stored = await this.subscriptions.upsert(this.pool, userId, subscription, this.clock.now());
    if (!stored) throw new Conflict('E_PUSH_ENDPOINT_TAKEN', 'This push endpoint is registered to another account.');
  }
}
