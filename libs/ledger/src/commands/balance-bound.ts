import { balanceMoves, checkBalanceBound, type BalanceMoves, type KnownBalance, type TransactionChange } from '../domain/balance-bound.js';
import type { Pool, Queryable, StoredEvent } from '@budget/platform';
import { LedgerLookups } from '../queries/ledger-lookups.js';
import type { TransactionEvent } from '../domain/transaction.events.js';
import { foldTransaction } from '../domain/transaction.state.js';

const TRANSACTION_STREAM_PREFIX = 'transaction-';

type Known = { accounts: ReadonlyMap<string, KnownBalance>; categories: ReadonlyMap<string, KnownBalance>; turnover?: bigint };

/**
 * Refuses (422 on `field`, nothing appended) a write whose transactions would take an account or
 * a category past the product's largest balance; reads the balances it moves only when it moves any.
 * `prefetched` are balances the handler asked for while it was still looking up what to decide on
 * (`prefetchBalances`): when they hold every balance the write moves, the check costs no round trip
 * of its own; otherwise the missing ones are read.
 */
export async function ensureWithinBalanceBound(
  lookups: LedgerLookups,
  userId: string,
  field: string,
  changes: readonly TransactionChange[],
  prefetched?: Promise<Known>,
): Promise<void> {
  const moves = balanceMoves(changes);
  if (moves.accounts.size === 0 && moves.categories.size === 0 && moves.turnover <= 0n) return;
  const known = prefetched ? await prefetched : null;
  checkBalanceBound(field, moves, known && covers(known, moves) ? known : await lookups.knownBalances(userId, [...moves.accounts.keys()], [...moves.categories.keys()]));
}

/**
 * Starts reading the balances a write will most likely move — its account, the categories it
 * names, Unassigned and the Funding Pool — in parallel with the handler's other lookups. Never
 * rejects unhandled: a failure surfaces (or is ignored) where `ensureWithinBalanceBound` awaits it.
 */
export function prefetchBalances(lookups: LedgerLookups, userId: string, accountIds: readonly string[], categoryIds: readonly string[]): Promise<Known> {
  const read = lookups.knownBalances(userId, accountIds, categoryIds, true);
  read.catch(() => undefined);
  return read;
}

function covers(known: Known, moves: BalanceMoves): boolean {
  // A write that adds to the user's turnover needs it read (docs/architecture.md §5).
  if (moves.turnover > 0n && known.turnover === undefined) return false;
  for (const id of moves.accounts.keys()) if (!known.accounts.has(id)) return false;
  for (const id of moves.categories.keys()) if (!known.categories.has(id)) return false;
  return true;
}

/** The transaction streams' events a guarded append had stored before it, in revision order (its own events excluded: they are visible to their transaction). */
const PRIOR_EVENTS_SQL = `SELECT stream_id, type, data FROM es_events
  WHERE stream_id = ANY($1::text[]) AND NOT (event_id = ANY($2::uuid[])) ORDER BY stream_id, revision`;

/**
 * The balance bound checked again under the user's write lock (`Projection.guard`, inline
 * projection; docs/architecture.md §5): inside the append's transaction, before the read models
 * apply its events, the balances and the turnover it moves are read on that transaction, where
 * every earlier write of the user is applied and none can race it. The handlers' own check before
 * the append answers the common case early; this one refuses the write that a racing write of the
 * same user has made too large (422 `balance-limit`, nothing stored). One statement more per append
 * of transaction events, in the projections' round trip; an append that changes stored
 * transactions first reads their earlier events (one round trip more).
 */
export async function balanceBoundGuard(db: Queryable, events: readonly StoredEvent[], lagging?: { checkpoint: string }): Promise<{ verdict: Promise<void> }> {
  const byUser = new Map<string, Map<string, StoredEvent[]>>();
  for (const event of events) {
    if (!event.streamId.startsWith(TRANSACTION_STREAM_PREFIX)) continue;
    const streams = byUser.get(event.metadata.userId) ?? byUser.set(event.metadata.userId, new Map()).get(event.metadata.userId)!;
    (streams.get(event.streamId) ?? streams.set(event.streamId, []).get(event.streamId)!).push(event);
  }
  // Streams this append continues: their state before it, from the store (new streams start empty).
  const continued = [...byUser.values()].flatMap((streams) => [...streams].filter(([, appended]) => appended[0]!.revision > 0).map(([stream]) => stream));
  const prior = new Map<string, TransactionEvent[]>();
  if (continued.length > 0) {
    const { rows } = await db.query<{ stream_id: string; type: string; data: unknown }>(PRIOR_EVENTS_SQL, [continued, events.map((e) => e.id)]);
    for (const row of rows) (prior.get(row.stream_id) ?? prior.set(row.stream_id, []).get(row.stream_id)!).push({ type: row.type, data: row.data } as TransactionEvent);
  }
  // Every balance read is sent now, before the projections' statements; the verdicts follow their answers.
  const checks: Promise<void>[] = [];
  for (const [userId, streams] of byUser) {
    const changes: TransactionChange[] = [...streams].map(([stream, appended]) => ({
      before: foldTransaction(prior.get(stream) ?? []),
      events: appended.map((e) => ({ type: e.type, data: e.data }) as TransactionEvent),
    }));
    // What the handlers check, no more: a starting balance is bounded on its own when it is given
    // (`refuseBalanceBeyondBound`), and its moves with the start date are not checked (README Limits).
    const moves = balanceMoves(changes.filter((c) => !isStartingBalance(c)));
    if (moves.accounts.size === 0 && moves.categories.size === 0 && moves.turnover <= 0n) continue;
    const actor = [...streams.values()][0]![0]!.metadata.actor;
    const field = actor === 'ofx' || actor === 'csv' ? 'file' : 'amount';
    const lookups = new LedgerLookups(db as Pool);
    const known = lagging
      ? knownPastTheProjector(db, lookups, userId, moves, lagging.checkpoint, events)
      : lookups.knownBalances(userId, [...moves.accounts.keys()], [...moves.categories.keys()], false, db);
    checks.push(known.then((current) => checkBalanceBound(field, moves, current)));
  }
  const verdict = Promise.all(checks).then(() => undefined);
  verdict.catch(() => undefined);
  return { verdict };
}

/**
 * Every event of the user's transaction streams that have events past `$2` (the position up to
 * which the projector has applied the user's events), this append's own left out (`$3`), in
 * revision order, each marked whether the read models hold it yet. The streams come from the
 * user's own index range (`es_events_user_position`), and each stream's events are read by the
 * stream's index, one lookup per stream: `OFFSET 0` keeps PostgreSQL from folding the lookup into
 * a join, which it planned as a hash join over a scan of the whole log (every user's events): the
 * write path's generic plan always (`write-plans.int.spec.ts`), a custom one on stale statistics
 * (0.5 s an append at 750,000 events, the projector 50 events behind).
 */
const UNAPPLIED_STREAMS_SQL = `SELECT e.stream_id, e.type, e.data, e.position > $2::bigint AS unapplied
  FROM (SELECT DISTINCT t.stream_id FROM es_events t WHERE t.user_id = $1 AND t.position > $2::bigint AND t.stream_id LIKE 'transaction-%') s
  CROSS JOIN LATERAL (
    SELECT e.stream_id, e.revision, e.type, e.data, e.position FROM es_events e
     WHERE e.stream_id = s.stream_id AND NOT (e.event_id = ANY($3::uuid[])) OFFSET 0) e
  ORDER BY e.stream_id, e.revision`;

/**
 * The balances and turnover a write moves, as the log has them, with asynchronous projection: the
 * read models as the projector left them, read with how far it has applied the user's events (one
 * statement, one snapshot), plus what the user's transactions past that position move
 * (`UNAPPLIED_STREAMS_SQL`: each such stream folded up to the position, then over the rest). Under
 * the user's write lock no other write of the user is in flight, so the sum is every stored write
 * of the user. Events of other kinds past the position (an account or a category deleted, not yet
 * applied) are not counted: the bound is far above any real balance, and the handlers' own check
 * has already refused what the read models show too large.
 */
async function knownPastTheProjector(
  db: Queryable,
  lookups: LedgerLookups,
  userId: string,
  moves: BalanceMoves,
  checkpoint: string,
  own: readonly StoredEvent[],
): Promise<Known> {
  const known = await lookups.knownBalancesApplied(userId, [...moves.accounts.keys()], [...moves.categories.keys()], checkpoint, db);
  const { rows } = await db.query<{ stream_id: string; type: string; data: unknown; unapplied: boolean }>(UNAPPLIED_STREAMS_SQL, [
    userId,
    known.applied.toString(),
    own.map((e) => e.id),
  ]);
  const streams = new Map<string, { applied: TransactionEvent[]; unapplied: TransactionEvent[] }>();
  for (const row of rows) {
    const stream = streams.get(row.stream_id) ?? streams.set(row.stream_id, { applied: [], unapplied: [] }).get(row.stream_id)!;
    (row.unapplied ? stream.unapplied : stream.applied).push({ type: row.type, data: row.data } as TransactionEvent);
  }
  const pending = balanceMoves([...streams.values()].map((s) => ({ before: foldTransaction(s.applied), events: s.unapplied })));
  const shifted = (balances: ReadonlyMap<string, KnownBalance>, moved: ReadonlyMap<string, bigint>, ids: Iterable<string>) => {
    const out = new Map(balances);
    for (const id of ids) {
      const delta = moved.get(id);
      if (delta === undefined) continue;
      const was = out.get(id);
      out.set(id, { name: was?.name ?? id, balance: Number(BigInt(was?.balance ?? 0) + delta) });
    }
    return out;
  };
  return {
    accounts: shifted(known.accounts, pending.accounts, moves.accounts.keys()),
    categories: shifted(known.categories, pending.categories, moves.categories.keys()),
    turnover: known.turnover + pending.turnover,
  };
}

function isStartingBalance({ before, events }: TransactionChange): boolean {
  return before.kind === 'starting-balance' || events.some((e) => e.type === 'TransactionRecorded' && e.data.kind === 'starting-balance');
}
