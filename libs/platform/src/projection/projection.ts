import type { PoolClient } from '../postgres/pool.js';
import type { Migration } from '../postgres/migrate.js';
import type { StoredEvent } from '../event-store/port.js';

/**
 * A read model written only by the projector (docs/architecture.md §4). `apply` runs inside the projector's
 * transaction together with the checkpoint, so it must be deterministic (no clock, no random) and
 * use only the given client. Every table listed in `tables` has a `user_id` column: a rebuild
 * truncates them, and erasing a user deletes that user's rows from each. A projection reads and
 * writes only its own tables (and reads the few of others it names in `reads`), so projections may be
 * applied side by side over a batch.
 */
export interface Projection {
  readonly name: string;
  readonly migrations: readonly Migration[];
  readonly tables: readonly string[];
  /**
   * Tables of other projections that this one reads (its own need not be listed). `applyEvents`
   * applies a projection after every projection that owns one of them, and lets the others run
   * beside it on the same client: their statements share round trips (docs/architecture.md §4.8).
   * A read left out here may see another projection's writes of the batch, or not.
   */
  readonly reads?: readonly string[];
  apply(client: PoolClient, event: StoredEvent): Promise<void>;
  /**
   * Applies events in order, with the same effects as `apply` on each in turn, set-based where it
   * can (an import of thousands of rows is a few statements per table, not thousands of loops).
   * Optional: without it, `apply` is called per event.
   */
  applyBatch?(client: PoolClient, events: readonly StoredEvent[]): Promise<void>;
  /**
   * Runs inside the append's transaction, under its users' write locks, so no write of those users
   * races it. Inline (`InlineProjectionEventStore`) it runs before any projection applies these
   * events, and the read models it reads hold every earlier write of those users. With the
   * projector (`GuardedAppendEventStore`, `lagging` given) the read models may not hold them yet:
   * the guard reads, with them, how far the projector has applied the user's events in
   * `lagging.checkpoint`, and counts the user's events past that from the log. Throwing refuses
   * the append whole (nothing is stored) with that error, as a bound checked there would
   * (docs/architecture.md §5, "Bounded sums"). The projector never calls it.
   *
   * Two steps, so that its last read shares a round trip with the projections' statements on the
   * pipelined client: it resolves once every read it needs is sent (the projections' statements go
   * out behind them and cannot change what they see), with `verdict`, which rejects to refuse.
   */
  guard?(client: PoolClient, events: readonly StoredEvent[], lagging?: { checkpoint: string }): Promise<{ verdict: Promise<void> }>;
}

export const PROJECTIONS = Symbol.for('budget.Projections');
