import type { StoredEvent } from './port.js';

/** One `es_events` row as `pg` returns it (bigint positions arrive as strings). */
export interface EventRow {
  position: string;
  event_id: string;
  stream_id: string;
  revision: number;
  type: string;
  data: unknown;
  metadata: StoredEvent['metadata'];
}

export const SELECT_COLUMNS = 'position, event_id, stream_id, revision, type, data, metadata';

/** The page query every global reader uses: exclusive lower bound, global order. */
export const READ_ALL_SQL = `SELECT ${SELECT_COLUMNS} FROM es_events WHERE position > $1 ORDER BY position LIMIT $2`;

export function toStored(row: EventRow): StoredEvent {
  return {
    id: row.event_id,
    streamId: row.stream_id,
    revision: row.revision,
    position: BigInt(row.position),
    type: row.type,
    data: row.data,
    metadata: row.metadata,
  };
}
