import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, currentCause, EVENT_STORE, ID_GENERATOR, WrongExpectedRevisionError, type Clock, type EventStore, type IdGenerator } from '@budget/platform';
import { decideBudget } from '../../domain/index.js';
import { appendBudgetEvents, loadBudget } from '../budget-stream.js';

/**
 * Creates a new user's default budget (server-behaviour §2.3). Idempotent: for a user who already
 * has one (a retried registration, or a concurrent call that won) nothing is appended and the
 * position of the stream's last event is returned, so the caller can wait for the read models.
 */
@Injectable()
export class BudgetProvisioner {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  async provision(userId: string, correlationId: string): Promise<bigint> {
    const { state, position } = await loadBudget(this.store, userId);
    if (state.status === 'created') return position;
    const events = decideBudget({ type: 'CreateBudget', userId, ids: this.ids }, state);
    try {
      return await appendBudgetEvents(this.store, events, 'no_stream', {
        userId,
        // The sign-up's action and command when it runs in one (ActionCauseInterceptor), else its own.
        correlationId: currentCause()?.correlationId ?? correlationId,
        causationId: currentCause()?.causationId ?? correlationId,
        actor: 'system',
        recordedAt: this.clock.now(),
        ids: this.ids,
      });
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      return (await loadBudget(this.store, userId)).position;
    }
  }
}
