import { randomUUID } from 'node:crypto';
import type { Clock, EventStore } from '@budget/platform';
import type { BudgetProvisioner } from '../ports.js';

/** Stands in for the budget context: appends one event per new user, or fails when told to. */
export class FakeBudgetProvisioner implements BudgetProvisioner {
  failNext = false;
  readonly provisioned: string[] = [];

  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  async provision(userId: string, correlationId: string): Promise<bigint> {
    const metadata = { userId, correlationId, causationId: null, recordedAt: this.clock.now().toISOString(), actor: 'system' as const };
    await this.store.append(`budget-${userId}`, [{ id: randomUUID(), type: 'TestBudgetCreated', data: {}, metadata }], { expectedRevision: 'any' });
    if (this.failNext) {
      this.failNext = false;
      throw new Error('budget provisioning failed (test)');
    }
    this.provisioned.push(userId);
    return this.store.headPosition();
  }
}
