import type { AppendResult, ExpectedRevision, NewEvent, StoredEvent, StreamAppend } from '../event-store/port.js';
import { DelegatingEventStore } from '../event-store/delegating-event-store.js';
import type { PostgresEventStore } from '../event-store/postgres-event-store.js';
import { DEFAULT_CHECKPOINT_NAME } from './checkpoint.js';
import { REBUILD_LOCK_CLASS, USER_WRITE_LOCK_CLASS } from './inline-projection-store.js';
import type { Projection } from './projection.js';

/**
 * The PostgreSQL store with asynchronous projection (`PROJECTION=async`), for the processes that
 * append (the api, the worker): each append takes its users' write locks in its own statement, as
 * the inline projection's does, and runs the projections' guards inside its transaction before it
 * commits (docs/architecture.md §5, "Bounded sums"). The projector applies the events later, so a
 * guard is told the read models may lag (`lagging`) and counts the user's events the projector
 * has not applied yet from the log. Without the locks two writes of one user could each pass a
 * check made before either was stored, and together take a balance past the bound. Nothing is
 * projected here, and the users' positions in the projector's checkpoint are left to it.
 */
export class GuardedAppendEventStore extends DelegatingEventStore {
  private readonly guarded: readonly Projection[];

  constructor(
    inner: PostgresEventStore,
    projections: readonly Projection[],
    private readonly checkpoint: string = DEFAULT_CHECKPOINT_NAME,
  ) {
    super(inner);
    this.guarded = projections.filter((p) => p.guard);
  }

  override async append(stream: string, events: NewEvent[], { expectedRevision }: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    return (await this.appendMany([{ stream, events, expectedRevision }]))[0]!;
  }

  override appendMany(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    if (this.guarded.length === 0) return this.inner.appendMany(appends);
    const users = [...new Set(appends.flatMap((a) => a.events.map((e) => e.metadata.userId)))];
    const lagging = { checkpoint: this.checkpoint };
    return this.inner.appendInOneTransaction(appends, {
      locks: { shared: [REBUILD_LOCK_CLASS, 0], perKey: { class: USER_WRITE_LOCK_CLASS, keys: users }, claimsCheckpoint: null },
      after: async (client, events: readonly StoredEvent[]) => {
        const verdicts: Promise<void>[] = [];
        for (const projection of this.guarded) verdicts.push((await projection.guard!(client, events, lagging)).verdict);
        await Promise.all(verdicts);
      },
    });
  }

}
