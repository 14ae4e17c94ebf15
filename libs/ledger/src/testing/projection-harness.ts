import { randomUUID } from 'node:crypto';
import { migrate, withTransaction, type Pool, type StoredEvent } from '@budget/platform';
import { budgetProjections } from '@budget/budget';
import { ledgerProjection } from '../projection/ledger.projection.js';

/** Feeds events straight into the ledger projection, as the projector would, for read-model tests. */
/** One global log for every harness in a process, as positions are global in the real store. */
let lastPosition = 0n;

export class ProjectionHarness {
  private readonly revisions = new Map<string, number>();

  constructor(private readonly pool: Pool, readonly userId: string = randomUUID()) {}

  static async create(pool: Pool, userId?: string): Promise<ProjectionHarness> {
    for (const projection of [...budgetProjections, ledgerProjection]) await migrate(pool, projection.migrations);
    return new ProjectionHarness(pool, userId);
  }

  async append(stream: string, ...events: { type: string; data: unknown }[]): Promise<void> {
    for (const e of events) {
      const revision = (this.revisions.get(stream) ?? -1) + 1;
      this.revisions.set(stream, revision);
      lastPosition += 1n;
      const stored: StoredEvent = {
        id: randomUUID(),
        streamId: stream,
        revision,
        position: lastPosition,
        type: e.type,
        data: e.data,
        metadata: { userId: this.userId, correlationId: randomUUID(), causationId: null, recordedAt: '2025-03-01T12:00:00.000Z', actor: 'user' },
      };
      await withTransaction(this.pool, (client) => ledgerProjection.apply(client, stored));
    }
  }

  async categoryBalance(categoryId: string): Promise<number> {
    const { rows } = await this.pool.query<{ b: string }>('SELECT balance_cents AS b FROM ledger_category_balances WHERE category_id = $1', [categoryId]);
    return Number(rows[0]?.b ?? 0);
  }

  async account(accountId: string): Promise<{ balance: number; pending: number; opening: number }> {
    const { rows } = await this.pool.query<{ b: string; p: string; o: string }>(
      'SELECT balance_cents AS b, pending_balance_cents AS p, opening_balance_cents AS o FROM ledger_accounts WHERE id = $1',
      [accountId],
    );
    const r = rows[0]!;
    return { balance: Number(r.b), pending: Number(r.p), opening: Number(r.o) };
  }

  async register(register: string): Promise<{ transactionId: string; rank: number; running: number }[]> {
    // Computed from the rows alone, to check the blocks the projection keeps against them; an
    // account register counts from its account's start date, as a user sees it.
    const { rows } = await this.pool.query<{ transaction_id: string; rank: number; running_cents: string }>(
      `SELECT r.transaction_id, row_number() OVER w::int AS rank,
              sum(CASE WHEN r.sort_date >= a.start_date IS NOT FALSE THEN r.delta_cents ELSE 0 END) OVER w AS running_cents
         FROM ledger_register_rows r LEFT JOIN ledger_accounts a ON r.register = 'a:' || a.id
        WHERE r.register = $1 WINDOW w AS (ORDER BY r.sort_date, r.kind_order, r.seq) ORDER BY rank`,
      [register],
    );
    return rows.map((r) => ({ transactionId: r.transaction_id, rank: r.rank, running: Number(r.running_cents) }));
  }
}
