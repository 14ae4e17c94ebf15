import type { PoolClient, StoredEvent } from '@budget/platform';
import { foldPayeeEvent, payeeId, payeeKey, type Payee, type PayeeEvent, type PayeeState, type PayeeTransaction } from './payees.fold.js';

const PAYEE_EVENTS = new Set(['TransactionRecorded', 'TransactionChanged', 'TransactionDeleted', 'TransactionRestored']);

/**
 * The payees read model's part of the ledger projection (docs/architecture.md §4.4), set-based
 * for a whole batch in four statements: the batch's transactions and payees are read, its events
 * folded in log order in memory (`foldPayeeEvent`), and the rows it touched written back. It reads
 * only its own tables and the users' special category ids (created before any transaction names
 * them, never changed), so a rebuild in pages of any size ends where the live writes did.
 */
export async function applyPayees(client: PoolClient, stored: readonly StoredEvent[]): Promise<void> {
  const events = stored.filter((e) => PAYEE_EVENTS.has(e.type) && e.metadata.userId).map((e) => ({ type: e.type, data: e.data, userId: e.metadata.userId as string, position: e.position }) as PayeeEvent);
  if (events.length === 0) return;
  const users = [...new Set(events.map((e) => e.userId))];
  const special = new Set(
    (await client.query<{ id: string }>(`SELECT id FROM budget_categories WHERE user_id = ANY($1::text[]) AND type IN ('UNASSIGNED', 'FUNDING POOL', 'ACCOUNT TRANSFER')`, [users])).rows.map((r) => r.id),
  );

  const state: PayeeState = { transactions: new Map(), payees: new Map(), touchedTransactions: new Set(), touchedPayees: new Set() };
  const ids = [...new Set(events.map((e) => e.data.transactionId))];
  const { rows: transactions } = await client.query<{ transaction_id: string; user_id: string; name_key: string | null; category_id: string | null; live: boolean }>(
    'SELECT transaction_id, user_id, name_key, category_id, live FROM ledger_payee_transactions WHERE transaction_id = ANY($1::uuid[])',
    [ids],
  );
  for (const r of transactions) state.transactions.set(r.transaction_id, { userId: r.user_id, transactionId: r.transaction_id, nameKey: r.name_key, categoryId: r.category_id, live: r.live });

  // Every payee the batch can touch: its transactions' names now, and the names it writes.
  const keys = new Map<string, { userId: string; nameKey: string }>();
  const want = (userId: string, nameKey: string | null) => nameKey !== null && keys.set(payeeId(userId, nameKey), { userId, nameKey });
  for (const r of state.transactions.values()) want(r.userId, r.nameKey);
  for (const e of events) {
    if (e.type === 'TransactionRecorded') want(e.userId, payeeKey(e.data.account?.name));
    if (e.type === 'TransactionChanged' && e.data.changes.name) want(e.userId, payeeKey(e.data.changes.name.to));
  }
  if (keys.size > 0) {
    const wanted = [...keys.values()];
    const { rows } = await client.query<{ user_id: string; name_key: string; name: string; uses: number; last_position: string; last_category_id: string | null; last_category_times: number }>(
      `SELECT p.user_id, p.name_key, p.name, p.uses, p.last_position::text, p.last_category_id, p.last_category_times
         FROM unnest($1::text[], $2::text[]) AS k(user_id, name_key)
         JOIN ledger_payees p ON p.user_id = k.user_id AND p.name_key = k.name_key`,
      [wanted.map((k) => k.userId), wanted.map((k) => k.nameKey)],
    );
    for (const r of rows) {
      state.payees.set(payeeId(r.user_id, r.name_key), {
        userId: r.user_id, nameKey: r.name_key, name: r.name, uses: r.uses, lastPosition: BigInt(r.last_position), lastCategoryId: r.last_category_id, lastCategoryTimes: r.last_category_times,
      });
    }
  }

  for (const event of events) foldPayeeEvent(state, event, special);

  const touched: PayeeTransaction[] = [...state.touchedTransactions].map((id) => state.transactions.get(id)!);
  if (touched.length > 0) {
    await client.query(
      `INSERT INTO ledger_payee_transactions (transaction_id, user_id, name_key, category_id, live)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::boolean[])
       ON CONFLICT (transaction_id) DO UPDATE SET name_key = EXCLUDED.name_key, category_id = EXCLUDED.category_id, live = EXCLUDED.live`,
      [touched.map((t) => t.transactionId), touched.map((t) => t.userId), touched.map((t) => t.nameKey), touched.map((t) => t.categoryId), touched.map((t) => t.live)],
    );
  }
  const payees: Payee[] = [...state.touchedPayees].map((id) => state.payees.get(id)!);
  if (payees.length > 0) {
    await client.query(
      `INSERT INTO ledger_payees (user_id, name_key, name, uses, last_position, last_category_id, last_category_times)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::bigint[], $6::text[], $7::int[])
       ON CONFLICT (user_id, name_key) DO UPDATE
          SET name = EXCLUDED.name, uses = EXCLUDED.uses, last_position = EXCLUDED.last_position,
              last_category_id = EXCLUDED.last_category_id, last_category_times = EXCLUDED.last_category_times`,
      [
        payees.map((p) => p.userId), payees.map((p) => p.nameKey), payees.map((p) => p.name), payees.map((p) => p.uses),
        payees.map((p) => p.lastPosition.toString()), payees.map((p) => p.lastCategoryId), payees.map((p) => p.lastCategoryTimes),
      ],
    );
  }
}
