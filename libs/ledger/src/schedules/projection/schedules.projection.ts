import type { Migration, PoolClient, Projection, StoredEvent } from '@budget/platform';
import { emptySchedule, evolveSchedule, nextOpenDate, type ScheduleState } from '../domain/schedule.decide.js';
import { isScheduleEvent, isScheduleStream, type ScheduleEvent } from '../domain/schedule.events.js';

export const SCHEDULES_TABLE = 'ledger_schedules';

/**
 * The schedules read model (docs/architecture.md §8 "Scheduled transactions"): one row per live
 * schedule with its whole folded state (`state`, cents), and the columns the lists and the due
 * scan filter on. `next_date` is the next occurrence neither posted nor skipped, computed from the
 * state alone (no clock), so a rebuild gives the same rows. `last_position` guards replays.
 */
export const schedulesMigrations: Migration[] = [
  {
    id: 'ledger-schedules-001',
    sql: `
      CREATE TABLE IF NOT EXISTS ledger_schedules (
        user_id       text   NOT NULL,
        id            text   NOT NULL,
        account_id    text   NOT NULL,
        bill_id       text,
        name          text   NOT NULL,
        next_date     date,
        state         jsonb  NOT NULL,
        last_position bigint NOT NULL,
        PRIMARY KEY (user_id, id)
      );
      CREATE INDEX IF NOT EXISTS ledger_schedules_next_date ON ledger_schedules (next_date) WHERE next_date IS NOT NULL;
    `,
  },
];

/** Maintained by every projection path alike (inline, the projector, the rebuild): one event at a time. */
export const schedulesProjection: Projection = {
  name: 'ledger.schedules',
  migrations: schedulesMigrations,
  tables: [SCHEDULES_TABLE],
  async apply(client: PoolClient, stored: StoredEvent): Promise<void> {
    if (!isScheduleStream(stored.streamId) || !isScheduleEvent(stored)) return;
    const event = { type: stored.type, data: stored.data } as ScheduleEvent;
    const userId = stored.metadata.userId;
    const scheduleId = event.data.scheduleId;
    const position = stored.position.toString();
    if (event.type === 'ScheduleDeleted') {
      await client.query('DELETE FROM ledger_schedules WHERE user_id = $1 AND id = $2', [userId, scheduleId]);
      return;
    }
    const { rows } = await client.query<{ state: ScheduleState; last_position: string }>(
      'SELECT state, last_position FROM ledger_schedules WHERE user_id = $1 AND id = $2 FOR UPDATE',
      [userId, scheduleId],
    );
    const row = rows[0];
    if (row && BigInt(row.last_position) >= stored.position) return;
    if (!row && event.type !== 'ScheduleCreated') return;
    const state = evolveSchedule(row ? row.state : emptySchedule(), event);
    await client.query(
      `INSERT INTO ledger_schedules (user_id, id, account_id, bill_id, name, next_date, state, last_position)
       VALUES ($1, $2, $3, $4, $5, $6::date, $7::jsonb, $8)
       ON CONFLICT (user_id, id) DO UPDATE
          SET account_id = EXCLUDED.account_id, bill_id = EXCLUDED.bill_id, name = EXCLUDED.name, next_date = EXCLUDED.next_date,
              state = EXCLUDED.state, last_position = EXCLUDED.last_position`,
      [userId, scheduleId, state.accountId, state.billId, state.name, nextOpenDate(state), JSON.stringify(state), position],
    );
  },
};
