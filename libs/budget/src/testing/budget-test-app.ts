import { Global, Module, type Type } from '@nestjs/common';
import {
  CLOCK, EVENT_STORE, ID_GENERATOR, PG_POOL, PROJECTION_WAITER, uuidGenerator,
  type Clock, type EventStore, type IdGenerator, type Pool, type ProjectionWaiter,
} from '@budget/platform';
import { BudgetModule } from '../budget.module.js';

export interface BudgetTestAppOptions {
  pool: Pool;
  store: EventStore;
  clock: Clock;
  ids?: IdGenerator;
  /** Read-your-writes for tests that change the budget; without it nothing is awaited. */
  waiter?: ProjectionWaiter;
}

const noWait: ProjectionWaiter = { waitFor: async () => undefined, close: async () => undefined };

/** A Nest root module with BudgetModule and the platform providers it injects, for tests. */
export function budgetTestAppModule({ pool, store, clock, ids = uuidGenerator, waiter = noWait }: BudgetTestAppOptions): Type {
  const providers = [
    { provide: PG_POOL, useValue: pool },
    { provide: EVENT_STORE, useValue: store },
    { provide: CLOCK, useValue: clock },
    { provide: ID_GENERATOR, useValue: ids },
    { provide: PROJECTION_WAITER, useValue: waiter },
  ];

  @Global()
  @Module({ providers, exports: providers.map((p) => p.provide) })
  class TestPlatformModule {}

  @Module({ imports: [TestPlatformModule, BudgetModule] })
  class BudgetTestAppModule {}

  return BudgetTestAppModule;
}
