import type { AppendResult, ExpectedRevision, NewEvent, StreamAppend } from '../event-store/port.js';
import { DelegatingEventStore } from '../event-store/delegating-event-store.js';
import type { AppendHooks, PostgresEventStore } from '../event-store/postgres-event-store.js';
import type { PoolClient, Queryable } from '../postgres/pool.js';
import { applyEvents } from './apply-events.js';
import { DEFAULT_CHECKPOINT_NAME } from './checkpoint.js';
import { ProjectionFailedError } from './projection-failed.error.js';
import type { Projection } from './projection.js';
import type { ProjectionWaiter } from './waiter.port.js';

/** Advisory lock classes (two-key form, apart from the event store's one-key 727100). */
export const REBUILD_LOCK_CLASS = 7271;
export const USER_WRITE_LOCK_CLASS = 7272;

/** Held by a rebuild for its whole transaction: no inline write runs meanwhile, and none is in flight when it reads the log. */
export async function lockOutWriters(client: PoolClient): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock($1, 0)', [REBUILD_LOCK_CLASS]);
}

/**
 * Inline projection (docs/architecture.md §4, as Marten's inline projections): every append is projected into
 * the read models in the append's own transaction, through the same `applyEvents` the projector and
 * the rebuild use, so an answer read right after the append sees its effects and no writer waits
 * for a shared projector. A user's writes run one at a time (a transaction-scoped lock per user,
 * taken before the append), so each user's events are applied in log order, as a rebuild applies
 * them; different users' writes touch different rows and go on in parallel. A projection that
 * fails rolls the append back (`ProjectionFailedError`, answered as a clear 500): nothing is stored
 * that the read models do not show. Reads,
 * subscriptions and erasure go straight to the PostgreSQL store.
 */
export class InlineProjectionEventStore extends DelegatingEventStore {
  constructor(
    inner: PostgresEventStore,
    private readonly projections: readonly Projection[],
  ) {
    super(inner);
  }

  override async append(stream: string, events: NewEvent[], { expectedRevision }: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    return (await this.appendMany([{ stream, events, expectedRevision }]))[0]!;
  }

  override appendMany(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    return this.inner.appendInOneTransaction(appends, this.hooks(appends));
  }

  /**
   * Appends, then reads the answer (`read`) on the append's own client right behind its COMMIT: on
   * a pipelined client one round trip fewer than reading after the commit is answered; the reads
   * run after the commit and see the read models it changed. A retry of stored events, which
   * writes nothing, is read from the pool.
   */
  async appendManyThenRead<R>(appends: readonly StreamAppend[], read: (db: Queryable) => Promise<R>): Promise<{ results: AppendResult[]; answer: R }> {
    let answer: Promise<R> | undefined;
    const results = await this.inner.appendInOneTransaction(appends, {
      ...this.hooks(appends),
      afterCommit: (client) => (answer = read(client)),
    });
    return { results, answer: await (answer ?? read(this.inner.reader)) };
  }

  private hooks(appends: readonly StreamAppend[]): AppendHooks {
    const users = [...new Set(appends.flatMap((a) => a.events.map((e) => e.metadata.userId)))];
    return {
      // Held until commit, taken in the append's statement: the rebuild lock (shared), then each user's write lock.
      // The same statement moves each user's partition of the projector's checkpoint past these
      // events: switching to PROJECTION=async later replays none of what was applied here.
      locks: { shared: [REBUILD_LOCK_CLASS, 0], perKey: { class: USER_WRITE_LOCK_CLASS, keys: users }, claimsCheckpoint: DEFAULT_CHECKPOINT_NAME },
      genericPlans: true,
      after: async (client, events) => {
        // The projections' guards read first, under the users' locks, the read models as the user's
        // earlier writes left them; their verdicts are awaited after the projections' statements
        // (sent behind those reads), and a refusal is the write's answer: the transaction rolls back.
        const verdicts: Promise<void>[] = [];
        for (const projection of this.projections) if (projection.guard) verdicts.push((await projection.guard(client, events)).verdict);
        const judged = Promise.all(verdicts);
        judged.catch(() => undefined);
        await applyEvents(client, this.projections, events).catch(async (error: unknown) => {
          await judged;
          throw ProjectionFailedError.of(events, error);
        });
        await judged;
      },
    };
  }

}

/** With inline projection an appended position is in the read models when the append returns. */
export class InlineProjectionWaiter implements ProjectionWaiter {
  waitFor(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
