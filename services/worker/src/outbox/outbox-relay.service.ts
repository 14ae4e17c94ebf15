import { Inject, Injectable, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { OutboxRelay, PG_POOL, type OutboxRelayOptions, type Pool } from '@budget/platform';

/** The relay's settings, less the pool (the worker's own). */
export type WorkerRelayOptions = Omit<OutboxRelayOptions, 'pool'>;

export const OUTBOX_RELAY_OPTIONS = Symbol.for('budget.worker.OutboxRelayOptions');

/**
 * Runs the job outbox's relay in the worker process (README "No job lost"): from its start, every
 * job a committed write recorded reaches its BullMQ queue, also those Redis lost meanwhile.
 * Stopped after the consumers drained, before the pool ends.
 */
@Injectable()
export class OutboxRelayService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private relay: OutboxRelay | undefined;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(OUTBOX_RELAY_OPTIONS) private readonly options: WorkerRelayOptions,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.relay = new OutboxRelay({ ...this.options, pool: this.pool });
    await this.relay.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.relay?.stop();
    this.relay = undefined;
  }
}
