import type { Migration } from '../postgres/migrate.js';
import type { Queryable } from '../postgres/pool.js';
import { SETTLED } from '../event-store/postgres-event-row.js';
import { addTouched, emptyTouched, streamsNeedingHistory, touchesAnything, type LoggedEvent, type Touched } from './touched.js';

/** One run of a user's events as the feed sends it (`FeedChange` in libs/contracts). */
export interface Change {
  position: string;
  accounts: string[];
  categories: string[];
  institutions: string[];
  allCategories: boolean;
  budget: boolean;
  rules: boolean;
}

export const changeFeedMigrations: Migration[] = [
  {
    // The feed reads one user's events after a position: without it, every read would fetch all of
    // the user's events (the `user_id` index) and sort them.
    id: 'platform-change-feed-001-user-position',
    sql: 'CREATE INDEX IF NOT EXISTS es_events_user_position ON es_events (user_id, position)',
  },
];

/** Where the read models stand: at commit (inline), or where the projector's checkpoint for the user is (async). */
export type FeedProjection = 'inline' | 'async';

export interface ChangePage {
  changes: Change[];
  /** The last position read (the cursor to continue from); the `after` given when nothing was read. */
  position: bigint;
  /** A full page: more may follow at once. */
  full: boolean;
  /** Committed events of the user not handed out yet (an older transaction is still in flight). */
  heldBack: boolean;
}

interface Row {
  position: string;
  stream_id: string;
  type: string;
  data: unknown;
  settled: boolean;
}

/**
 * The bound on what the read models of a user show: none inline (an event is projected in its
 * append's transaction, so a committed, settled event is shown); with the projector, the user's
 * partition position or the global checkpoint, whichever is further (as `lockUserPosition` reads it).
 */
const APPLIED = `GREATEST(
  coalesce((SELECT u.position FROM projector_user_positions u WHERE u.name = $4 AND u.user_id = $1), 0),
  coalesce((SELECT c.position FROM projector_checkpoint c WHERE c.name = $4), 0))`;

const PAGE_SQL = (projection: FeedProjection) => `
  SELECT e.position::text AS position, e.stream_id, e.type, e.data, ${SETTLED} AS settled
    FROM es_events e
   WHERE e.user_id = $1 AND e.position > $2 ${projection === 'async' ? `AND e.position <= ${APPLIED}` : 'AND $4::text IS NOT NULL'}
   ORDER BY e.position
   LIMIT $3`;

const HEAD_SQL = (projection: FeedProjection) => `
  SELECT coalesce(max(e.position), 0)::text AS position
    FROM es_events e
   WHERE e.user_id = $1 AND ${SETTLED} ${projection === 'async' ? `AND e.position <= ${APPLIED.replace(/\$4/g, '$2')}` : 'AND $2::text IS NOT NULL'}`;

/**
 * Reads one user's feed from `es_events` (docs/architecture.md §4.1). Only what the read models
 * already show is handed out, and never past an event that may still be preceded by one in flight:
 * the leading run of settled events, as every reader of the log (`readablePrefix`).
 */
export class ChangeLog {
  constructor(
    private readonly db: Queryable,
    private readonly projection: FeedProjection,
    private readonly checkpointName = 'read-models',
  ) {}

  /** The position of the user's newest event the read models show (0 when none). */
  async head(userId: string): Promise<bigint> {
    const { rows } = await this.db.query<{ position: string }>(HEAD_SQL(this.projection), [userId, this.checkpointName]);
    return BigInt(rows[0]?.position ?? 0);
  }

  /**
   * The user's changes after `after`, one per append (events of one transaction share the bits
   * above the low 20 of their position), at most `limit` events.
   */
  async page(userId: string, after: bigint, limit = 500): Promise<ChangePage> {
    const { rows } = await this.db.query<Row>(PAGE_SQL(this.projection), [userId, after.toString(), limit, this.checkpointName]);
    const cut = rows.findIndex((r) => !r.settled);
    const readable = cut === -1 ? rows : rows.slice(0, cut);
    const events = readable.map((r): LoggedEvent & { position: bigint } => ({ position: BigInt(r.position), streamId: r.stream_id, type: r.type, data: r.data }));
    const history = await this.histories(events);
    const changes: Change[] = [];
    let group: { key: bigint; touched: Touched; position: bigint } | null = null;
    const flush = () => {
      if (group && touchesAnything(group.touched)) changes.push(toChange(group.position, group.touched));
    };
    for (const event of events) {
      const key = event.position >> 20n;
      if (!group || group.key !== key) {
        flush();
        group = { key, touched: emptyTouched(), position: event.position };
      }
      addTouched(group.touched, event, (history.get(event.streamId) ?? []).filter((h) => h.position < event.position));
      group.position = event.position;
    }
    flush();
    return {
      changes,
      position: events.length > 0 ? events[events.length - 1]!.position : after,
      full: rows.length === limit && cut === -1,
      heldBack: cut !== -1,
    };
  }

  /** The earlier events of the transaction streams whose events name only the transaction. */
  private async histories(events: readonly (LoggedEvent & { position: bigint })[]): Promise<Map<string, (LoggedEvent & { position: bigint })[]>> {
    const streams = streamsNeedingHistory(events);
    const byStream = new Map<string, (LoggedEvent & { position: bigint })[]>();
    if (streams.length === 0) return byStream;
    const last = events[events.length - 1]!.position;
    const { rows } = await this.db.query<{ position: string; stream_id: string; type: string; data: unknown }>(
      'SELECT position::text AS position, stream_id, type, data FROM es_events WHERE stream_id = ANY($1::text[]) AND position <= $2 ORDER BY position',
      [streams, last.toString()],
    );
    for (const r of rows) {
      const list = byStream.get(r.stream_id) ?? [];
      list.push({ position: BigInt(r.position), streamId: r.stream_id, type: r.type, data: r.data });
      byStream.set(r.stream_id, list);
    }
    return byStream;
  }
}

export function toChange(position: bigint, t: Touched): Change {
  return {
    position: position.toString(),
    accounts: [...t.accounts].sort(),
    categories: [...t.categories].sort(),
    institutions: [...t.institutions].sort(),
    allCategories: t.allCategories,
    budget: t.budget,
    rules: t.rules,
  };
}

/** Several changes as one (what one message of the stream carries). */
export function mergeChanges(changes: readonly Change[]): Change | null {
  if (changes.length === 0) return null;
  const union = (pick: (c: Change) => string[]) => [...new Set(changes.flatMap(pick))].sort();
  return {
    position: changes[changes.length - 1]!.position,
    accounts: union((c) => c.accounts),
    categories: union((c) => c.categories),
    institutions: union((c) => c.institutions),
    allCategories: changes.some((c) => c.allCategories),
    budget: changes.some((c) => c.budget),
    rules: changes.some((c) => c.rules),
  };
}
