import { NotFound, type Queryable } from '@budget/platform';

export interface OwnedRow {
  id: string;
  accountId: string | null;
  kind: string;
  /** The read model's review state (null: reviewed). */
  reviewReason: string | null;
}

/**
 * The caller's rows among `ids` (deleted ones included: a keyed retry of a bulk delete finds its
 * rows deleted by its first run and decides on their streams as they stood before it). All or
 * nothing: any id that is not the caller's — unknown, malformed or another user's — is 404.
 */
export async function ownedRows(db: Queryable, userId: string, ids: readonly string[]): Promise<OwnedRow[]> {
  const { rows } = await db.query<{ id: string; account_id: string | null; kind: string; review_reason: string | null }>(
    'SELECT id::text, account_id::text, kind, review_reason FROM ledger_transactions WHERE user_id = $1 AND id = ANY($2::uuid[])',
    [userId, ids],
  );
  if (rows.length !== ids.length) throw new NotFound('Transaction not found');
  const byId = new Map(rows.map((r) => [r.id, { id: r.id, accountId: r.account_id, kind: r.kind, reviewReason: r.review_reason }]));
  return ids.map((id) => byId.get(id)!);
}
