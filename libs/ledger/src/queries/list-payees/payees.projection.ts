import type { PoolClient, StoredEvent } from '@budget/platform';
import { foldPayeeEvent, payeeId, payeeKey, recordedTakesPart, type Payee, type PayeeEvent, type PayeeState, type PayeeTransaction } from './payees.fold.js';

const PAYEE_EVENTS = new Set(['TransactionRecorded', 'TransactionChanged', 'TransactionDeleted', 'TransactionRestored']);

type ReadRow =
  | { kind: 's'; row: { id: string } }
  | { kind: 't'; row: { transaction_id: string; user_id: string; name_key: string | null; category_id: string | null; live: boolean } }
  | { kind: 'p'; row: { user_id: string; name_key: string; name: string; uses: number; last_position: string; last_category_id: string | null; last_category_times: number } };

/**
 * Everything a batch reads, in one statement (docs/architecture.md §4, "Statements per write"):
 * the users' special category ids ('s'), the batch's transactions as this model knows them ('t'),
 * and every payee the batch can touch ('p'): the names its events write ($3, $4) and the names its
 * transactions had.
 */
const READ_SQL = `
  SELECT 's' AS kind, jsonb_build_object('id', c.id) AS row
    FROM budget_categories c WHERE c.user_id = ANY($1::text[]) AND c.type IN ('UNASSIGNED', 'FUNDING POOL', 'ACCOUNT TRANSFER')
  UNION ALL
  SELECT 't', jsonb_build_object('transaction_id', t.transaction_id, 'user_id', t.user_id, 'name_key', t.name_key, 'category_id', t.category_id, 'live', t.live)
    FROM ledger_payee_transactions t WHERE t.transaction_id = ANY($2::uuid[])
  UNION ALL
  SELECT 'p', jsonb_build_object('user_id', p.user_id, 'name_key', p.name_key, 'name', p.name, 'uses', p.uses, 'last_position', p.last_position::text,
                                 'last_category_id', p.last_category_id, 'last_category_times', p.last_category_times)
    FROM ledger_payees p
   WHERE (p.user_id, p.name_key) IN (SELECT k.user_id, k.name_key FROM unnest($3::text[], $4::text[]) AS k(user_id, name_key)
                                     UNION SELECT t.user_id, t.name_key FROM ledger_payee_transactions t WHERE t.transaction_id = ANY($2::uuid[]) AND t.name_key IS NOT NULL)`;

/** The rows a batch touched, written back in one statement. */
const WRITE_SQL = `
  WITH txs AS (
    INSERT INTO ledger_payee_transactions (transaction_id, user_id, name_key, category_id, live)
    SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::boolean[])
    ON CONFLICT (transaction_id) DO UPDATE SET name_key = EXCLUDED.name_key, category_id = EXCLUDED.category_id, live = EXCLUDED.live
  )
  INSERT INTO ledger_payees (user_id, name_key, name, uses, last_position, last_category_id, last_category_times)
  SELECT * FROM unnest($6::text[], $7::text[], $8::text[], $9::int[], $10::bigint[], $11::text[], $12::int[])
  ON CONFLICT (user_id, name_key) DO UPDATE
     SET name = EXCLUDED.name, uses = EXCLUDED.uses, last_position = EXCLUDED.last_position,
         last_category_id = EXCLUDED.last_category_id, last_category_times = EXCLUDED.last_category_times`;

/**
 * Whether an event can change this model before anything is read: a recorded transaction with no
 * account or of another kind (a funding, a rebalance, a category transfer) never takes part
 * (`foldPayeeEvent` returns at once for it, whatever is stored), so a batch of those alone reads
 * nothing. Every other event is for a transaction the model may hold.
 */
const takesPart = (event: PayeeEvent): boolean => event.type !== 'TransactionRecorded' || recordedTakesPart(event.data);

/**
 * The payees read model's part of the ledger projection (docs/architecture.md §4.4), set-based
 * for a whole batch in two statements: the batch's transactions and payees are read (`READ_SQL`),
 * its events folded in log order in memory (`foldPayeeEvent`), and the rows it touched written
 * back (`WRITE_SQL`). It reads only its own tables and the users' special category ids (created
 * before any transaction names them, never changed), so a rebuild in pages of any size ends where
 * the live writes did.
 */
export async function applyPayees(client: PoolClient, stored: readonly StoredEvent[]): Promise<void> {
  const events = stored
    .filter((e) => PAYEE_EVENTS.has(e.type) && e.metadata.userId)
    .map((e) => ({ type: e.type, data: e.data, userId: e.metadata.userId as string, position: e.position }) as PayeeEvent)
    .filter(takesPart);
  if (events.length === 0) return;
  const users = [...new Set(events.map((e) => e.userId))];
  const ids = [...new Set(events.map((e) => e.data.transactionId))];
  // The payees the batch's events name; those its transactions had are found by the statement.
  const named = new Map<string, { userId: string; nameKey: string }>();
  const want = (userId: string, nameKey: string | null) => nameKey !== null && named.set(payeeId(userId, nameKey), { userId, nameKey });
  for (const e of events) {
    if (e.type === 'TransactionRecorded') want(e.userId, payeeKey(e.data.account?.name));
    if (e.type === 'TransactionChanged' && e.data.changes.name) want(e.userId, payeeKey(e.data.changes.name.to));
  }
  const wanted = [...named.values()];
  const { rows } = await client.query<ReadRow>(READ_SQL, [users, ids, wanted.map((k) => k.userId), wanted.map((k) => k.nameKey)]);

  const special = new Set<string>();
  const state: PayeeState = { transactions: new Map(), payees: new Map(), touchedTransactions: new Set(), touchedPayees: new Set() };
  for (const { kind, row } of rows) {
    if (kind === 's') special.add(row.id);
    else if (kind === 't') state.transactions.set(row.transaction_id, { userId: row.user_id, transactionId: row.transaction_id, nameKey: row.name_key, categoryId: row.category_id, live: row.live });
    else {
      state.payees.set(payeeId(row.user_id, row.name_key), {
        userId: row.user_id, nameKey: row.name_key, name: row.name, uses: row.uses, lastPosition: BigInt(row.last_position), lastCategoryId: row.last_category_id, lastCategoryTimes: row.last_category_times,
      });
    }
  }

  for (const event of events) foldPayeeEvent(state, event, special);

  const touched: PayeeTransaction[] = [...state.touchedTransactions].map((id) => state.transactions.get(id)!);
  const payees: Payee[] = [...state.touchedPayees].map((id) => state.payees.get(id)!);
  if (touched.length === 0 && payees.length === 0) return;
  await client.query(WRITE_SQL, [
    touched.map((t) => t.transactionId), touched.map((t) => t.userId), touched.map((t) => t.nameKey), touched.map((t) => t.categoryId), touched.map((t) => t.live),
    payees.map((p) => p.userId), payees.map((p) => p.nameKey), payees.map((p) => p.name), payees.map((p) => p.uses),
    payees.map((p) => p.lastPosition.toString()), payees.map((p) => p.lastCategoryId), payees.map((p) => p.lastCategoryTimes),
  ]);
}
