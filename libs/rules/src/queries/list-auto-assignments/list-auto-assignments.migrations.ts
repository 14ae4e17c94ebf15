import type { Migration } from '@budget/platform';

export const RULES_TABLE = 'rules_auto_assignments';

/**
 * The rules read model: one row per live rule, its search strings and category rows as stored
 * in the events (cents / basis points). `last_position` guards replays.
 */
export const rulesMigrations: Migration[] = [
  {
    id: 'rules-001-auto-assignments',
    sql: `
      CREATE TABLE IF NOT EXISTS rules_auto_assignments (
        user_id        text   NOT NULL,
        id             text   NOT NULL,
        name           text   NOT NULL,
        search_strings jsonb  NOT NULL,
        categories     jsonb  NOT NULL,
        last_position  bigint NOT NULL,
        PRIMARY KEY (user_id, id)
      );
    `,
  },
  {
    // A rule's applications ("apply to existing"): [{id, date, count, undone}], oldest first.
    id: 'rules-002-applications',
    sql: `ALTER TABLE rules_auto_assignments ADD COLUMN IF NOT EXISTS applications jsonb NOT NULL DEFAULT '[]'::jsonb;`,
  },
  {
    // A rule's conditions besides "name contains" (docs/architecture.md §4.5): {nameMatch?, amountMin?, amountMax?, accountIds?}, only those set.
    id: 'rules-003-conditions',
    sql: `ALTER TABLE rules_auto_assignments ADD COLUMN IF NOT EXISTS conditions jsonb NOT NULL DEFAULT '{}'::jsonb;`,
  },
];
