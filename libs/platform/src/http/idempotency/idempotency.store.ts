import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { migrate } from '../../postgres/migrate.js';
import { openSessionClient, queryWithoutFlush, type Pool } from '../../postgres/pool.js';
import { PG_POOL } from '../../nest/tokens.js';
import { idempotencyMigrations } from './idempotency.migrations.js';

export type Claim =
  | { kind: 'claimed' }
  | { kind: 'done'; status: number; body: unknown }
  | { kind: 'pending'; position: bigint }
  | { kind: 'running' }
  | { kind: 'mismatch' };

/**
 * How long a request may hold its key before a retry may take it over (it hangs). A request whose
 * process died is taken over at once: its holder session is gone (see `holderSession`).
 */
export const STALE_AFTER_MS = 30_000;
/** How long a key is kept (from its first request): a key older than this runs as a new one, and is purged. */
export const KEEP_FOR_HOURS = 24;
/** How often the API purges expired keys. */
export const PURGE_EVERY_MS = 60 * 60 * 1000;

/** A session's name: backend pid and start time in microseconds since the epoch (no time zone or date style in it). */
const HOLDER_OF = (alias: string) => `${alias}.pid::text || '@' || floor(extract(epoch FROM ${alias}.backend_start) * 1000000)::bigint::text`;

export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${path}\n${JSON.stringify(body ?? null)}`).digest('hex');
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * One key's row, as the table holds it. `key` is a hash of the Idempotency-Key, never the key; the
 * answer is sealed (AES-256-GCM) with a key derived from the raw Idempotency-Key and the request, so
 * the table alone reveals no answer — some carry secrets (a sign-in's tokens).
 * - Signed in: (user, hash of the key); the same key with another request is a mismatch (422).
 * - Not signed in (sign-up, sign-in, codes, refresh): no user; the row is found by a hash of the key
 *   AND the request, so only a caller who sends the same key with the same body (which holds the
 *   password, code or refresh token) reaches that answer, and two callers who happen to pick one
 *   key never meet. Such a key never mismatches: another body is another row.
 */
export interface IdempotencyRow {
  userId: string;
  key: string;
  hash: string;
  /** What the answer is sealed with (never stored). */
  sealKey: Buffer;
}

/** How a signed-in caller's key is kept in the table (a hash, never the key). */
export function storedUserKey(key: string): string {
  return sha256(`key\u0000${key}`);
}

/** The row of a signed-in caller's key. */
export function userRow(userId: string, key: string, hash: string): IdempotencyRow {
  return { userId, key: storedUserKey(key), hash, sealKey: sealKeyOf(userId, key, hash) };
}

/** What the table says of one signed-in caller's key (`GET /idempotency-keys/{key}`). */
export interface KeyState {
  state: 'unknown' | 'running' | 'pending' | 'done';
  status: number | null;
  stale: boolean;
}

/** The row of a key sent without signing in: no user, found by key and request together. */
export function anonymousRow(key: string, hash: string): IdempotencyRow {
  const id = sha256(`anonymous\u0000${key}\u0000${hash}`);
  return { userId: '', key: id, hash: id, sealKey: sealKeyOf('', key, hash) };
}

function sealKeyOf(userId: string, key: string, hash: string): Buffer {
  return createHash('sha256').update(`answer\u0000${userId}\u0000${key}\u0000${hash}`).digest();
}

export function seal(sealKey: Buffer, body: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(body ?? null), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
}

export function unseal(sealKey: Buffer, text: string): unknown {
  const bytes = Buffer.from(text, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', sealKey, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')) as unknown;
}

/**
 * The `http_idempotency` table: one row per key with the first request's outcome — running, pending
 * (answered 202: stored, read models catching up; with the position) or done (its answer). Keys
 * expire KEEP_FOR_HOURS after their first request: a retry then runs as a new request, and the API
 * purges them every PURGE_EVERY_MS.
 *
 * Its writes commit without waiting for the disk (`queryWithoutFlush`): two of them are on every
 * keyed write's path, the claim before it runs and the answer after. Losing them in a crash of
 * PostgreSQL is what a crash of the API already does to a key, and is safe for the same reason:
 * - a claim is flushed by the write's own commit, which waits for the disk and comes after it in
 *   the log; a claim lost with its write leaves nothing, and the retry runs as new;
 * - a lost answer (or 202, or release) leaves the key running, held by a session the crash ended:
 *   the retry takes it over at once and replays the request, whose ids are derived from the key,
 *   so the store appends nothing the first run stored, and the retry answers from the read models.
 */
@Injectable()
export class IdempotencyStore implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('IdempotencyStore');
  private purgeTimer: NodeJS.Timeout | null = null;
  /** This process's holder session: a connection kept open while the process lives. */
  private holderSession: Promise<{ release: () => void; holder: string }> | null = null;

  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async onModuleInit(): Promise<void> {
    await migrate(this.pool, idempotencyMigrations);
    this.schedulePurge();
  }

  /** Purges expired keys every PURGE_EVERY_MS while the API runs (every API process does; it is one DELETE). */
  schedulePurge(): void {
    this.purgeTimer ??= setInterval(() => {
      this.purgeOld().catch((error: unknown) => this.logger.warn(`purging expired Idempotency-Keys failed: ${String(error)}`));
    }, PURGE_EVERY_MS);
    this.purgeTimer.unref();
  }

  onModuleDestroy(): void {
    if (this.purgeTimer) clearInterval(this.purgeTimer);
    this.purgeTimer = null;
    const session = this.holderSession;
    this.holderSession = null;
    void session?.then(({ release }) => release(), () => undefined);
  }

  /**
   * The session that marks this process's running keys: one connection of its own kept open (beside
   * the pool, never one of the requests' connections), named by
   * its backend pid and start time (`HOLDER_OF`; a pid alone could be reused). When the process dies, PostgreSQL
   * ends the session, and `pg_stat_activity` no longer lists it: a retry then takes the key over at
   * once. If the connection breaks while the process lives, a new one is opened; keys marked with
   * the old one may then be taken over early, which is safe: every event id inside a keyed request
   * is derived from (user, key), so a second run appends nothing the first stored.
   */
  private holder(): Promise<string> {
    if (this.holderSession) return this.holderSession.then(({ holder }) => holder);
    const session: Promise<{ release: () => void; holder: string }> = (async () => {
      const client = await openSessionClient(this.pool, 'idempotency-holder');
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        void client.end().catch(() => undefined);
      };
      client.on('error', () => {
        if (this.holderSession === session) this.holderSession = null;
        release();
      });
      const { rows } = await client.query<{ holder: string }>(
        `SELECT ${HOLDER_OF('a')} AS holder FROM pg_stat_activity a WHERE a.pid = pg_backend_pid()`,
      );
      return { release, holder: rows[0]!.holder };
    })().catch((error: unknown) => {
      if (this.holderSession === session) this.holderSession = null;
      throw error;
    });
    this.holderSession = session;
    return session.then(({ holder }) => holder);
  }

  /** Takes the key for this request (a new key, or one expired), or says what the request that holds it did. */
  async claim(row: IdempotencyRow): Promise<Claim> {
    const holder = await this.holder();
    const inserted = await queryWithoutFlush(
      this.pool,
      `INSERT INTO http_idempotency (user_id, key, request_hash, state, holder) VALUES ($1, $2, $3, 'running', $5)
       ON CONFLICT (user_id, key) DO UPDATE
         SET request_hash = EXCLUDED.request_hash, state = 'running', status = NULL, body = NULL, position = NULL, started_at = now(), holder = EXCLUDED.holder
         WHERE http_idempotency.started_at < now() - make_interval(hours => $4)`,
      [row.userId, row.key, row.hash, KEEP_FOR_HOURS, holder],
    );
    if (inserted.rowCount === 1) return { kind: 'claimed' };
    // A running key is taken over when its request has run too long, or at once when the process
    // that runs it is gone (its holder session is no longer in pg_stat_activity).
    const taken = await queryWithoutFlush(
      this.pool,
      `UPDATE http_idempotency SET started_at = now(), holder = $5
        WHERE user_id = $1 AND key = $2 AND request_hash = $3 AND state = 'running'
          AND (started_at < now() - make_interval(secs => $4)
               OR (holder IS NOT NULL AND NOT EXISTS (
                     SELECT 1 FROM pg_stat_activity a WHERE ${HOLDER_OF('a')} = http_idempotency.holder)))`,
      [row.userId, row.key, row.hash, STALE_AFTER_MS / 1000, holder],
    );
    if (taken.rowCount === 1) return { kind: 'claimed' };
    const { rows } = await this.pool.query<{ request_hash: string; state: string; status: number | null; body: string | null; position: string | null }>(
      'SELECT request_hash, state, status, body, position FROM http_idempotency WHERE user_id = $1 AND key = $2',
      [row.userId, row.key],
    );
    const found = rows[0];
    if (!found) return this.claim(row);
    if (found.request_hash !== row.hash) return { kind: 'mismatch' };
    if (found.state === 'done') return { kind: 'done', status: found.status ?? 200, body: found.body === null ? undefined : unseal(row.sealKey, found.body) };
    if (found.state === 'pending') return { kind: 'pending', position: BigInt(found.position!) };
    return { kind: 'running' };
  }

  async complete(row: IdempotencyRow, status: number, body: unknown): Promise<void> {
    await queryWithoutFlush(
      this.pool,
      `UPDATE http_idempotency SET state = 'done', status = $3, body = $4, position = NULL WHERE user_id = $1 AND key = $2`,
      [row.userId, row.key, status, body === undefined ? null : seal(row.sealKey, body)],
    );
  }

  /** Keeps the key as answered 202 at `position`: its retries answer that until the read models pass it. */
  async pending(row: IdempotencyRow, position: bigint): Promise<void> {
    await queryWithoutFlush(this.pool, `UPDATE http_idempotency SET state = 'pending', position = $3 WHERE user_id = $1 AND key = $2`, [
      row.userId,
      row.key,
      position.toString(),
    ]);
  }

  /** Takes a pending key to replay its request (the read models have passed its position); false if another retry took it. */
  async resume(row: IdempotencyRow): Promise<boolean> {
    const taken = await queryWithoutFlush(
      this.pool,
      `UPDATE http_idempotency SET state = 'running', started_at = now(), holder = $4
        WHERE user_id = $1 AND key = $2 AND request_hash = $3 AND state = 'pending'`,
      [row.userId, row.key, row.hash, await this.holder()],
    );
    return taken.rowCount === 1;
  }

  /** Gives the key back (the request failed): a retry runs again, and replays what it had stored. */
  async release(row: IdempotencyRow): Promise<void> {
    await queryWithoutFlush(this.pool, `DELETE FROM http_idempotency WHERE user_id = $1 AND key = $2 AND state = 'running'`, [row.userId, row.key]);
  }

  /** Deletes keys older than KEEP_FOR_HOURS; returns how many. */
  async purgeOld(): Promise<number> {
    const purged = await this.pool.query(`DELETE FROM http_idempotency WHERE started_at < now() - make_interval(hours => $1)`, [KEEP_FOR_HOURS]);
    return purged.rowCount ?? 0;
  }

  /**
   * The state of the caller's key: unknown (never stored, given back after a failure, or expired),
   * running (stale once held past STALE_AFTER_MS), pending, or done with its status. Only this
   * user's row is read.
   */
  async stateOf(userId: string, key: string): Promise<KeyState> {
    const { rows } = await this.pool.query<{ state: KeyState['state']; status: number | null; stale: boolean }>(
      `SELECT state, status, (state = 'running' AND started_at < now() - make_interval(secs => $4)) AS stale
         FROM http_idempotency
        WHERE user_id = $1 AND key = $2 AND started_at >= now() - make_interval(hours => $3)`,
      [userId, storedUserKey(key), KEEP_FOR_HOURS, STALE_AFTER_MS / 1000],
    );
    const row = rows[0];
    if (!row) return { state: 'unknown', status: null, stale: false };
    return { state: row.state, status: row.state === 'done' ? row.status : null, stale: row.stale };
  }

  async eraseUser(userId: string): Promise<void> {
    await this.pool.query('DELETE FROM http_idempotency WHERE user_id = $1', [userId]);
  }
}
