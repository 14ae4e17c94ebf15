import { Global, Module, type Type } from '@nestjs/common';
import { CLOCK, EVENT_STORE, ID_GENERATOR, PG_POOL, uuidGenerator, type Clock, type EventStore, type IdGenerator, type Pool } from '@budget/platform';
import { BudgetModule } from '../budget.module.js';

export interface BudgetTestAppOptions {
  pool: Pool;
  store: EventStore;
  clock: Clock;
  ids?: IdGenerator;
}

/** A Nest root module with BudgetModule and the platform providers it injects, for tests. */
export function budgetTestAppModule({ pool, store, clock, ids = uuidGenerator }: BudgetTestAppOptions): Type {
  const providers = [
    { provide: PG_POOL, useValue: pool },
    { provide: EVENT_STORE, useValue: store },
    { provide: CLOCK, useValue: clock },
    { provide: ID_GENERATOR, useValue: ids },
  ];

  @Global()
  @Module({ providers, exports: providers.map((p) => p.provide) })
  class TestPlatformModule {}

  @Module({ imports: [TestPlatformModule, BudgetModule] })
  class BudgetTestAppModule {}

  return BudgetTestAppModule;
}
