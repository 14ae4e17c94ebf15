import { Global, Module, type Type } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import {
  CLOCK, EVENT_STORE, ID_GENERATOR, PG_POOL, PROJECTION_WAITER, uuidGenerator,
  type Clock, type EventStore, type IdGenerator, type Pool, type ProjectionWaiter,
} from '@budget/platform';
import { BudgetModule } from '../budget.module.js';
import { LedgerStandIn, ledgerStandInProviders } from './ledger-stand-in.js';

export interface BudgetTestAppOptions {
  pool: Pool;
  store: EventStore;
  clock: Clock;
  ids?: IdGenerator;
  /** Read-your-writes for tests that change the budget; without it nothing is awaited. */
  waiter?: ProjectionWaiter;
  /** What the ledger's public queries answer (a ledger without transactions unless given). */
  ledger?: LedgerStandIn;
}

const noWait: ProjectionWaiter = { waitFor: async () => undefined, close: async () => undefined };

/**
 * A Nest root module with BudgetModule, the buses, the platform providers it injects and a
 * stand-in for the ledger's public queries, for tests.
 */
export function budgetTestAppModule({ pool, store, clock, ids = uuidGenerator, waiter = noWait, ledger = new LedgerStandIn() }: BudgetTestAppOptions): Type {
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

  @Module({ imports: [CqrsModule.forRoot(), TestPlatformModule, BudgetModule], providers: ledgerStandInProviders(ledger) })
  class BudgetTestAppModule {}

  return BudgetTestAppModule;
}
