import type { Queryable } from '@budget/platform';
import { CATEGORY_TOKEN } from '../../projection/transaction-log.js';

export interface LogLineRow {
  id: string;
  created_at: Date;
  message: string;
  changes: Record<string, unknown>;
  transaction_id: string | null;
  account_id: string | null;
  actor: string;
  correlation_id: string | null;
  causation_id: string | null;
}

/** The columns a log line is answered from (`logLine`). */
export const LOG_LINE_COLUMNS = 'id, created_at, message, changes, transaction_id, account_id, actor, correlation_id, causation_id';

/**
 * The categories named in stored lines (`{category:<id>}`, transaction-log.ts) as "Group:Category"
 * (a category of NoGroup or System by its own name),
 * looked up among the caller's own categories only; a deleted one reads "a deleted category".
 */
export async function categoryNames(db: Queryable, userId: string, messages: readonly string[]): Promise<(message: string) => string> {
  const ids = [...new Set(messages.flatMap((m) => [...m.matchAll(CATEGORY_TOKEN)].map((match) => match[1]!)))];
  const names = new Map<string, string>();
  if (ids.length > 0) {
    const { rows } = await db.query<{ id: string; name: string }>(
      `SELECT c.id, CASE WHEN g.name IS NULL OR g.type IN ('NO GROUP', 'SYSTEM') THEN c.name ELSE g.name || ':' || c.name END AS name
         FROM budget_categories c LEFT JOIN budget_groups g ON g.user_id = c.user_id AND g.id = c.group_id
        WHERE c.user_id = $1 AND c.id = ANY($2::text[])`,
      [userId, ids],
    );
    for (const r of rows) names.set(r.id, r.name);
  }
  return (message) => message.replace(CATEGORY_TOKEN, (_all, id: string) => names.get(id) ?? 'a deleted category');
}

/** Log lines as the API answers them, with their categories named. */
export async function logLines(db: Queryable, userId: string, rows: readonly LogLineRow[]) {
  const readable = await categoryNames(db, userId, rows.map((r) => r.message));
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.created_at.toISOString(),
    message: readable(r.message),
    changes: r.changes,
    transactionId: r.transaction_id ?? r.account_id ?? r.id,
    actor: r.actor,
    accountId: r.account_id,
    correlationId: r.correlation_id,
    causationId: r.causation_id,
  }));
}
