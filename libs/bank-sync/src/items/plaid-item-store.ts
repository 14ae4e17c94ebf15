import { Inject, Injectable } from '@nestjs/common';
import { PG_POOL, type Pool, type Queryable } from '@budget/platform';
import { TokenCipher } from '../plaid/token-cipher.js';

/** A linked item without its token (which only `accessToken` opens). */
export interface PlaidItem {
  itemId: string;
  userId: string;
  institutionId: string;
  plaidInstitutionId: string | null;
  cursor: string | null;
  status: 'ok' | 'needs_relink';
  errorCode: string | null;
  syncedAt: string | null;
}

const COLUMNS = 'item_id, user_id, institution_id, plaid_institution_id, cursor, status, error_code, synced_at';

interface ItemRow {
  item_id: string;
  user_id: string;
  institution_id: string;
  plaid_institution_id: string | null;
  cursor: string | null;
  status: 'ok' | 'needs_relink';
  error_code: string | null;
  synced_at: Date | null;
}

const toItem = (r: ItemRow): PlaidItem => ({
  itemId: r.item_id, userId: r.user_id, institutionId: r.institution_id, plaidInstitutionId: r.plaid_institution_id,
  cursor: r.cursor, status: r.status, errorCode: r.error_code, syncedAt: r.synced_at?.toISOString() ?? null,
});

/** The `bank_items` table (see items.migrations.ts). Every lookup by institution is scoped to its user. */
@Injectable()
export class PlaidItemStore {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(TokenCipher) private readonly cipher: TokenCipher,
  ) {}

  async add(item: { itemId: string; userId: string; institutionId: string; plaidInstitutionId: string | null; accessToken: string }): Promise<void> {
    await this.pool.query(
      `INSERT INTO bank_items (item_id, user_id, institution_id, plaid_institution_id, access_token) VALUES ($1, $2, $3, $4, $5)`,
      [item.itemId, item.userId, item.institutionId, item.plaidInstitutionId, this.cipher.seal(item.accessToken, item.itemId)],
    );
  }

  async remove(itemId: string): Promise<void> {
    await this.pool.query('DELETE FROM bank_items WHERE item_id = $1', [itemId]);
  }

  async findByItemId(itemId: string): Promise<PlaidItem | null> {
    const { rows } = await this.pool.query<ItemRow>(`SELECT ${COLUMNS} FROM bank_items WHERE item_id = $1`, [itemId]);
    return rows[0] ? toItem(rows[0]) : null;
  }

  /** The user's item behind a ledger institution; another user's (or an offline institution) is null. */
  async findByInstitution(userId: string, institutionId: string): Promise<PlaidItem | null> {
    const { rows } = await this.pool.query<ItemRow>(`SELECT ${COLUMNS} FROM bank_items WHERE user_id = $1 AND institution_id = $2`, [userId, institutionId]);
    return rows[0] ? toItem(rows[0]) : null;
  }

  async listByUser(userId: string): Promise<PlaidItem[]> {
    const { rows } = await this.pool.query<ItemRow>(`SELECT ${COLUMNS} FROM bank_items WHERE user_id = $1 ORDER BY created_at, item_id`, [userId]);
    return rows.map(toItem);
  }

  /** The item's access token, opened; for calls to Plaid only — never log it or put it in an answer. */
  async accessToken(itemId: string): Promise<string> {
    const { rows } = await this.pool.query<{ access_token: string }>('SELECT access_token FROM bank_items WHERE item_id = $1', [itemId]);
    if (!rows[0]) throw new Error(`Unknown Plaid item ${itemId}`);
    return this.cipher.open(rows[0].access_token, itemId);
  }

  /** After a sync committed: the cursor to resume from. `db` lets a caller write it in its own transaction. */
  async saveCursor(itemId: string, cursor: string, syncedAt: Date, db: Queryable = this.pool): Promise<void> {
    await db.query('UPDATE bank_items SET cursor = $2, synced_at = $3 WHERE item_id = $1', [itemId, cursor, syncedAt]);
  }

  /**
   * Forgets the cursor: the next sync fetches the item's whole history again. Used when accounts of
   * the item are linked later, since earlier syncs skipped their rows; rows already recorded are
   * not recorded twice (their stream ids are derived from the Plaid ids).
   */
  async resetCursor(itemId: string, db: Queryable = this.pool): Promise<void> {
    await db.query('UPDATE bank_items SET cursor = NULL WHERE item_id = $1', [itemId]);
  }

  /**
   * Plaid answered ITEM_LOGIN_REQUIRED (or the like): the user must relink (Link in update mode).
   * True when this call made the mark (the item was not already waiting for a relink).
   */
  async markNeedsRelink(itemId: string, errorCode: string, db: Queryable = this.pool): Promise<boolean> {
    const { rows } = await db.query<{ was: string }>(
      `UPDATE bank_items AS b SET status = 'needs_relink', error_code = $2
         FROM (SELECT item_id, status FROM bank_items WHERE item_id = $1 FOR UPDATE) AS before
        WHERE b.item_id = before.item_id
      RETURNING before.status AS was`,
      [itemId, errorCode],
    );
    return rows.length > 0 && rows[0]!.was !== 'needs_relink';
  }

  async markHealthy(itemId: string): Promise<void> {
    await this.pool.query(`UPDATE bank_items SET status = 'ok', error_code = NULL WHERE item_id = $1`, [itemId]);
  }
}
