import type { Migration, PoolClient, Projection, StoredEvent } from '@budget/platform';
import type { StatementFileImportPlanned } from '../../domain/statement-import.events.js';

export const OPEN_IMPORTS_TABLE = 'ledger_open_imports';

/**
 * The OFX/CSV imports whose plan is recorded and whose summary is not (docs/architecture.md §8
 * "Imports in chunks"): what the sweep resumes. A row is written by the plan
 * (`StatementFileImportPlanned`) and deleted by the summary of the same action
 * (`StatementFileImported` on the plan's account, same user and correlation id), or by the
 * account's deletion (such an import can never finish), so the table holds the unfinished imports
 * only and the sweep reads them in `plan_position` order through its index, whatever the log's size.
 *
 * The migration fills it once from the log as it stands (PostgreSQL event store only; with
 * EventStoreDB the table starts empty and a rebuild fills it). A projector that has not yet applied
 * part of that log then applies it over these rows with the same outcome: a plan already present is
 * kept, a summary deletes its plan.
 */
export const openImportsMigrations: Migration[] = [
  {
    id: 'ledger-open-imports-001',
    sql: `
      CREATE TABLE IF NOT EXISTS ledger_open_imports (
        user_id        text   NOT NULL,
        import_id      text   NOT NULL,
        account_id     text   NOT NULL,
        correlation_id text   NOT NULL,
        causation_id   text,
        plan_position  bigint NOT NULL,
        PRIMARY KEY (user_id, import_id)
      );
      CREATE INDEX IF NOT EXISTS ledger_open_imports_position ON ledger_open_imports (plan_position);
      CREATE INDEX IF NOT EXISTS ledger_open_imports_action ON ledger_open_imports (user_id, account_id, correlation_id);
      DO $fill$
      BEGIN
        IF to_regclass('es_events') IS NOT NULL THEN
          INSERT INTO ledger_open_imports (user_id, import_id, account_id, correlation_id, causation_id, plan_position)
          SELECT p.user_id, p.data->>'importId', p.data->>'accountId', p.metadata->>'correlationId', p.metadata->>'causationId', p.position
            FROM es_events p
           WHERE p.type = 'StatementFileImportPlanned'
             AND NOT EXISTS (
               SELECT 1 FROM es_events s
                WHERE s.stream_id = 'account-' || (p.data->>'accountId') AND s.user_id = p.user_id
                  AND ((s.type = 'StatementFileImported' AND s.metadata->>'correlationId' = p.metadata->>'correlationId') OR s.type = 'AccountDeleted'))
          ON CONFLICT DO NOTHING;
        END IF;
      END
      $fill$;
    `,
  },
];

const OPEN_SQL = `
  INSERT INTO ledger_open_imports (user_id, import_id, account_id, correlation_id, causation_id, plan_position)
  VALUES ($1, $2, $3, $4, $5, $6)
  ON CONFLICT (user_id, import_id) DO NOTHING`;
const FINISHED_SQL = 'DELETE FROM ledger_open_imports WHERE user_id = $1 AND account_id = $2 AND correlation_id = $3';
const ACCOUNT_DELETED_SQL = 'DELETE FROM ledger_open_imports WHERE user_id = $1 AND account_id = $2';

const RELEVANT = new Set(['StatementFileImportPlanned', 'StatementFileImported', 'AccountDeleted']);

/** One event's effect on the open imports (nothing for every other type). */
async function applyOpenImport(client: PoolClient, event: StoredEvent): Promise<void> {
  const { userId, correlationId, causationId } = event.metadata;
  switch (event.type) {
    case 'StatementFileImportPlanned': {
      const { importId, accountId } = event.data as StatementFileImportPlanned['data'];
      await client.query(OPEN_SQL, [userId, importId, accountId, correlationId, causationId, event.position.toString()]);
      return;
    }
    case 'StatementFileImported':
      await client.query(FINISHED_SQL, [userId, (event.data as { accountId: string }).accountId, correlationId]);
      return;
    case 'AccountDeleted':
      await client.query(ACCOUNT_DELETED_SQL, [userId, (event.data as { accountId: string }).accountId]);
      return;
  }
}

/**
 * Kept by every projection path alike (inline, in the plan's and the summary's own append
 * transactions; the projector; the rebuild). A batch without an import's plan or summary or an
 * account's deletion costs no statement.
 */
export const openImportsProjection: Projection = {
  name: 'ledger.openImports',
  migrations: openImportsMigrations,
  tables: [OPEN_IMPORTS_TABLE],
  apply: applyOpenImport,
  async applyBatch(client: PoolClient, events: readonly StoredEvent[]): Promise<void> {
    for (const event of events) if (RELEVANT.has(event.type)) await applyOpenImport(client, event);
  },
};
