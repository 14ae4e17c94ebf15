import type { Migration } from '@budget/platform';

export const GROUPS_TABLE = 'budget_groups';
export const CATEGORIES_TABLE = 'budget_categories';

/**
 * The category tree read model. `position` is the global position of the event that added the
 * row (creation order); `last_position` the position of the last event applied to it, so an
 * update guarded by `last_position < $position` is applied once even when replayed.
 */
export const listGroupsMigrations: Migration[] = [
  {
    id: 'budget-001-groups-and-categories',
    sql: `
      CREATE TABLE IF NOT EXISTS budget_groups (
        user_id         text    NOT NULL,
        id              text    NOT NULL,
        name            text    NOT NULL,
        type            text    NOT NULL,
        hidden          boolean NOT NULL DEFAULT false,
        parent_group_id text,
        position        bigint  NOT NULL,
        last_position   bigint  NOT NULL,
        PRIMARY KEY (user_id, id)
      );
      CREATE TABLE IF NOT EXISTS budget_categories (
        user_id                   text    NOT NULL,
        id                        text    NOT NULL,
        group_id                  text    NOT NULL,
        name                      text    NOT NULL,
        type                      text    NOT NULL,
        balance_cents             bigint  NOT NULL DEFAULT 0,
        funding_amount_cents      bigint  NOT NULL DEFAULT 0,
        include_funding_transfers boolean NOT NULL DEFAULT true,
        use_goal                  boolean NOT NULL DEFAULT false,
        goal_date                 date,
        recurrence                integer NOT NULL DEFAULT 1,
        funding_categories        jsonb   NOT NULL DEFAULT '[]',
        suspended                 boolean NOT NULL DEFAULT false,
        hidden                    boolean NOT NULL DEFAULT false,
        position                  bigint  NOT NULL,
        last_position             bigint  NOT NULL,
        PRIMARY KEY (user_id, id)
      );
      CREATE INDEX IF NOT EXISTS budget_categories_user_group ON budget_categories (user_id, group_id);
    `,
  },
  {
    id: 'budget-002-category-parent',
    sql: `
      ALTER TABLE budget_categories ADD COLUMN IF NOT EXISTS parent_category_id text;
      CREATE INDEX IF NOT EXISTS budget_categories_user_type ON budget_categories (user_id, type);
    `,
  },
  {
    // A category's balance is the ledger's (its public query LedgerCategoryBalances), no longer a
    // column the ledger wrote into this read model.
    id: 'budget-003-no-balance',
    sql: `ALTER TABLE budget_categories DROP COLUMN IF EXISTS balance_cents;`,
  },
];
