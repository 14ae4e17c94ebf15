import { Inject, Injectable } from '@nestjs/common';
import { PG_POOL, type Pool } from '@budget/platform';
import { TRANSFER_WINDOW_DAYS } from '../../domain/transfer-pair.events.js';

/**
 * A row that may be one side of a transfer, as the read model shows it (`t`, its account `a`):
 * a live, posted bank row of an open account that does not track Balances, not flagged as a
 * duplicate, with an amount, wholly in Unassigned ($3), and not paired yet. The decider checks
 * the same on the rows' own streams before anything is appended: this is only the search.
 */
const PAIRABLE = (t: string, a: string) => `
  NOT ${t}.deleted AND NOT ${t}.pending AND ${t}.kind = 'regular' AND ${t}.duplicate_of IS NULL AND ${t}.amount_cents <> 0
  AND ${a}.tracking <> 'Balances' AND NOT ${a}.closed
  AND jsonb_array_length(${t}.splits) > 0
  AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(${t}.splits) s WHERE s->>'categoryId' <> $3)
  AND NOT EXISTS (SELECT 1 FROM ledger_transfer_pairs x WHERE x.status = 'paired' AND x.from_transaction_id = ${t}.id)
  AND NOT EXISTS (SELECT 1 FROM ledger_transfer_pairs x WHERE x.status = 'paired' AND x.to_transaction_id = ${t}.id)`;

/** Read-model lookups of the transfer pairing, scoped to the caller. */
@Injectable()
export class PairLookups {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /**
   * For each pairable row among `ids`, the pairable rows of the caller's other accounts with the
   * opposite amount dated within `TRANSFER_WINDOW_DAYS` of it (index probes on the caller's amounts).
   */
  async matches(userId: string, ids: readonly string[], unassignedCategoryId: string): Promise<Map<string, string[]>> {
    if (ids.length === 0) return new Map();
    const { rows } = await this.pool.query<{ probe: string; match: string }>(
      `WITH probe AS (
         SELECT t.id, t.account_id, t.amount_cents, t.date FROM ledger_transactions t JOIN ledger_accounts a ON a.id = t.account_id
          WHERE t.user_id = $1 AND t.id = ANY($2::uuid[]) AND ${PAIRABLE('t', 'a')})
       SELECT p.id::text AS probe, c.id::text AS match
         FROM probe p
         JOIN ledger_transactions c
           ON c.user_id = $1 AND NOT c.deleted AND c.amount_cents = -p.amount_cents AND c.amount_cents IS NOT NULL
          AND c.date BETWEEN p.date - $4::int AND p.date + $4::int AND c.account_id <> p.account_id
         JOIN ledger_accounts ca ON ca.id = c.account_id
        WHERE ${PAIRABLE('c', 'ca')}
        ORDER BY p.id, c.date, c.id`,
      [userId, ids, unassignedCategoryId, TRANSFER_WINDOW_DAYS],
    );
    const found = new Map<string, string[]>();
    for (const r of rows) found.set(r.probe, [...(found.get(r.probe) ?? []), r.match]);
    return found;
  }

  /** The names of the caller's accounts among `ids` (a deleted account is absent). */
  async accountNames(userId: string, ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const { rows } = await this.pool.query<{ id: string; name: string }>(
      'SELECT id::text, name FROM ledger_accounts WHERE user_id = $1 AND id = ANY($2::uuid[])',
      [userId, ids],
    );
    return new Map(rows.map((r) => [r.id, r.name]));
  }
}
