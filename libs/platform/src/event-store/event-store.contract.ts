import { afterAll, beforeAll, describe } from 'vitest';
import type { EventStore } from './port.js';
import { appendContract } from './contract/append.contract.js';
import { concurrencyContract } from './contract/concurrency.contract.js';
import { erasureContract } from './contract/erasure.contract.js';
import type { ContractContext, HoldAppend } from './contract/fixtures.js';
import { orderingContract } from './contract/ordering.contract.js';
import { readContract } from './contract/read.contract.js';
import { subscriptionContract } from './contract/subscription.contract.js';

export interface StoreUnderTest {
  store: EventStore;
  cleanup(): Promise<void>;
  /** Test-only: holds an append's transaction open (see `orderingContract`); skipped without. */
  holdAppend?: HoldAppend;
}

export interface ContractOptions {
  /** When set, the suite is reported as skipped, with this reason in its name. */
  skipReason?: string;
  /** False where erased events stay readable through `readAll` until a later physical step. */
  erasureRemovesFromGlobalLog?: boolean;
}

/**
 * The one contract every event-store adapter passes (docs/architecture.md §3). Tests only rely on what they
 * wrote themselves (unique stream names, positions taken at their start), so the suite also runs
 * against a long-lived server that already holds events.
 */
export function describeEventStoreContract(
  name: string,
  makeStore: () => Promise<StoreUnderTest>,
  options: ContractOptions = {},
): void {
  const skipped = options.skipReason !== undefined;
  const title = skipped ? `event store contract: ${name} (skipped: ${options.skipReason})` : `event store contract: ${name}`;

  describe.skipIf(skipped)(title, () => {
    let underTest: StoreUnderTest | undefined;
    const ctx: ContractContext = {
      store: () => {
        if (!underTest) throw new Error('the store under test is not ready');
        return underTest.store;
      },
      erasureRemovesFromGlobalLog: options.erasureRemovesFromGlobalLog ?? true,
      holdAppend: () => underTest?.holdAppend,
    };
    beforeAll(async () => {
      underTest = await makeStore();
    });
    afterAll(async () => {
      await underTest?.cleanup();
    });

    appendContract(ctx);
    readContract(ctx);
    erasureContract(ctx);
    subscriptionContract(ctx);
    concurrencyContract(ctx);
    orderingContract(ctx);
  });
}
