import type { Migration } from '@budget/platform';

/**
 * One row per linked Plaid item: whose it is, the ledger institution it feeds, its access token
 * sealed with AES-256-GCM (never in plain text), the `/transactions/sync` cursor (null until the
 * first sync) and whether the bank needs the user to log in again (`needs_relink`).
 */
export const itemsMigrations: Migration[] = [
  {
    id: 'bank-sync-002-items',
    sql: `
      CREATE TABLE bank_items (
        item_id              text PRIMARY KEY,
        user_id              uuid NOT NULL,
        institution_id       uuid NOT NULL UNIQUE,
        plaid_institution_id text,
        access_token         text NOT NULL,
        cursor               text,
        status               text NOT NULL DEFAULT 'ok' CHECK (status IN ('ok', 'needs_relink')),
        error_code           text,
        synced_at            timestamptz,
        created_at           timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX bank_items_user ON bank_items (user_id, institution_id);
    `,
  },
];
