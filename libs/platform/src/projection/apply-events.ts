import type { StoredEvent } from '../event-store/port.js';
import { migrate } from '../postgres/migrate.js';
import type { Pool, PoolClient } from '../postgres/pool.js';
import { checkpointMigrations } from './checkpoint.js';
import type { Projection } from './projection.js';
import { quarantineMigrations } from './quarantine.js';

/**
 * Runs the checkpoint and quarantine tables' and every projection's migrations (a migration shared by several
 * projections runs once). Safe to call from every process.
 */
export async function migrateProjections(pool: Pool, projections: readonly Projection[]): Promise<void> {
  const all = [...checkpointMigrations, ...quarantineMigrations, ...projections.flatMap((p) => p.migrations)];
  await migrate(pool, [...new Map(all.map((m) => [m.id, m])).values()]);
}

/**
 * The one apply path shared by the live projector, the inline projection of a write and the
 * rebuild: each projection takes the events in order, through its `applyBatch` where it has one.
 * A projection touches only its own tables and the others' it names in `reads`, so projections run
 * side by side on the one client, each starting once every projection that owns a table it reads
 * has finished: on a pipelined client their statements share round trips (docs/architecture.md
 * §4.8), and what each writes equals projecting them one after the other.
 *
 * When one fails, the others are let finish (their next statement fails, the transaction being
 * aborted) before the error is thrown, so that none sends a statement after the caller's ROLLBACK.
 */
export async function applyEvents(client: PoolClient, projections: readonly Projection[], events: readonly StoredEvent[]): Promise<void> {
  if (events.length === 0) return;
  await settleAll(orderOf(projections).map(({ projection, after }) => ({ run: () => applyOne(client, projection, events), after })));
}

async function applyOne(client: PoolClient, projection: Projection, events: readonly StoredEvent[]): Promise<void> {
  if (projection.applyBatch) await projection.applyBatch(client, events);
  else for (const event of events) await projection.apply(client, event);
}

const orders = new WeakMap<readonly Projection[], ReturnType<typeof projectionOrder>>();
function orderOf(projections: readonly Projection[]): ReturnType<typeof projectionOrder> {
  let order = orders.get(projections);
  if (!order) orders.set(projections, (order = projectionOrder(projections)));
  return order;
}

/**
 * For each projection, the earlier ones (their indexes) it must follow: those owning a table it
 * reads. A read of a later projection's table is refused: list the reader after the writer.
 */
export function projectionOrder(projections: readonly Projection[]): { projection: Projection; after: number[] }[] {
  const owner = new Map<string, number>();
  projections.forEach((projection, index) => {
    for (const table of projection.tables) owner.set(table, index);
  });
  return projections.map((projection, index) => {
    const after = new Set<number>();
    for (const table of projection.reads ?? []) {
      const by = owner.get(table);
      if (by === undefined || by === index) continue;
      if (by > index) throw new Error(`The ${projection.name} projection reads ${table}, which the later ${projections[by]!.name} projection writes: list it after that one.`);
      after.add(by);
    }
    return { projection, after: [...after] };
  });
}

/**
 * Starts every step once the earlier steps it follows (`after`, their indexes) have succeeded;
 * resolves when all have, and rejects with the first failure in step order, but only once every
 * started step has settled. A step whose predecessor failed does not start.
 */
export async function settleAll(steps: readonly { run: () => Promise<void>; after?: readonly number[] }[]): Promise<void> {
  // Checked before any step starts: nothing may be left running when this throws.
  steps.forEach((step, index) => {
    for (const i of step.after ?? []) if (!(Number.isInteger(i) && i >= 0 && i < index)) throw new Error(`step ${index} cannot follow step ${i}`);
  });
  const done: Promise<void>[] = [];
  for (const step of steps) {
    const before = (step.after ?? []).map((i) => done[i]!);
    const start = async () => step.run();
    done.push(before.length === 0 ? start() : Promise.all(before).then(start));
  }
  const outcomes = await Promise.allSettled(done);
  const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}
