import pg from 'pg';

/**
 * Advisory-lock class of the projector's leader lock; the key is hashtext(checkpoint name). Beside
 * REBUILD_LOCK_CLASS (7271) and USER_WRITE_LOCK_CLASS (7272) in libs/platform/src/projection.
 */
export const LEADER_LOCK_CLASS = 7273;

export interface LeaderLogger {
  log(message: string): void;
  error(message: string): void;
}

export interface LeaderLockOptions {
  databaseUrl: string;
  /** The projector's checkpoint name: projectors of one checkpoint share one lock. */
  name: string;
  /** How often a standby tries the lock, and the leader checks it still holds it (default 1 s). */
  intervalMs?: number;
  /**
   * How long one check on the lock's connection may take before the lock counts as lost (default
   * 5 s, below the server's keepalive-based release of a silent connection: see `acquire`).
   */
  checkTimeoutMs?: number;
  applicationName?: string;
  logger: LeaderLogger;
  /**
   * Called once when the lock's connection dies or stops answering, as standby or leader. The
   * projector's answer is to exit at once: a leader that cannot prove it holds the lock must not go
   * on projecting beside the standby that may now hold it.
   */
  onLost(error: Error): void;
}

export interface LeaderLock {
  /** True once this process holds the lock. */
  readonly isLeader: boolean;
  /** Resolves when this process holds the lock; rejects when closed first. */
  readonly acquired: Promise<void>;
  /** Whether the lock's connection answered its last check in time (for /ready). */
  healthy(): Promise<void>;
  /** Stops trying (a standby) or releases the lock (a leader) by closing its connection. */
  close(): Promise<void>;
}

/**
 * The projector's leader lock (README "Deployment"): a session-level PostgreSQL advisory lock on a
 * connection of its own, so that of several projector processes on one database exactly one
 * follows the log and the others wait as standbys. A standby tries `pg_try_advisory_lock` every
 * `intervalMs`; the lock is released by the server when the leader's session ends, for any reason
 * (exit, SIGKILL, a lost connection), and a standby takes it at its next try.
 *
 * The leader checks every `intervalMs` that its session still holds the lock (pg_locks); a check
 * that fails or does not answer within `checkTimeoutMs` reports the lock lost. The session asks the
 * server for short TCP keepalives, so the server ends a leader's session whose network went silent
 * (and frees the lock) only after about 5 + 3 × 2 = 11 s, later than that leader's own checks have
 * stopped it. The lock keeps a second projector idle; it is not what keeps events from being
 * applied twice: each batch skips the events at or below its user's position under that user's row
 * lock (libs/platform/src/projection/commit-batch.ts), so even two projectors at once stay exact.
 *
 * Needs a session that lasts: point the projector's DATABASE_URL at PostgreSQL itself or at a
 * session-mode pooler, never a transaction-mode one (PgBouncer's transaction pooling would hand the
 * lock's session to others).
 */
export function acquireLeaderLock(options: LeaderLockOptions): LeaderLock {
  const intervalMs = options.intervalMs ?? 1_000;
  const checkTimeoutMs = options.checkTimeoutMs ?? 5_000;
  const client = new pg.Client({
    connectionString: options.databaseUrl,
    application_name: options.applicationName ?? 'budget-projector-leader',
    keepAlive: true,
    keepAliveInitialDelayMillis: 5_000,
  });
  let leader = false;
  let closed = false;
  let lost = false;
  let timer: NodeJS.Timeout | undefined;
  let lastCheck: Promise<void> = Promise.resolve();
  let resolveAcquired!: () => void;
  let rejectAcquired!: (error: Error) => void;
  const acquired = new Promise<void>((resolve, reject) => {
    resolveAcquired = resolve;
    rejectAcquired = reject;
  });
  // A rejection nobody awaits (a closed standby) is not an unhandled one.
  acquired.catch(() => undefined);

  const loseLock = (error: Error) => {
    if (closed || lost) return;
    lost = true;
    clearTimeout(timer);
    rejectAcquired(error);
    client.end().catch(() => undefined);
    options.onLost(error);
  };
  client.on('error', (error) => loseLock(error));
  client.on('end', () => loseLock(new Error('the leader lock connection ended')));

  const withTimeout = <T>(work: Promise<T>, what: string): Promise<T> => {
    let timeout: NodeJS.Timeout | undefined;
    return Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timeout = setTimeout(() => reject(new Error(`${what} did not answer within ${checkTimeoutMs} ms`)), checkTimeoutMs);
      }),
    ]).finally(() => clearTimeout(timeout));
  };

  const tryLock = async (): Promise<boolean> => {
    const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok', [LEADER_LOCK_CLASS, options.name]);
    return rows[0]?.ok === true;
  };

  const stillHeld = async (): Promise<void> => {
    const { rows } = await client.query<{ held: boolean }>(
      `SELECT EXISTS (
         SELECT 1 FROM pg_locks
          WHERE locktype = 'advisory' AND classid = $1 AND objid = hashtext($2)::oid AND objsubid = 2
            AND pid = pg_backend_pid() AND granted
       ) AS held`,
      [LEADER_LOCK_CLASS, options.name],
    );
    if (rows[0]?.held !== true) throw new Error('the leader lock is no longer held by this session');
  };

  const holder = async (): Promise<string> => {
    const { rows } = await client.query<{ holder: string | null }>(
      `SELECT string_agg(a.application_name || ' (pid ' || l.pid || ')', ', ') AS holder
         FROM pg_locks l LEFT JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE l.locktype = 'advisory' AND l.classid = $1 AND l.objid = hashtext($2)::oid AND l.objsubid = 2 AND l.granted`,
      [LEADER_LOCK_CLASS, options.name],
    );
    return rows[0]?.holder ?? 'another session';
  };

  const schedule = (step: () => Promise<void>) => {
    if (closed || lost) return;
    timer = setTimeout(() => {
      lastCheck = withTimeout(step(), 'the leader lock connection');
      lastCheck.then(
        () => schedule(step),
        (error: unknown) => loseLock(error instanceof Error ? error : new Error(String(error))),
      );
    }, intervalMs);
  };

  const heartbeat = () => stillHeld();
  const attempt = async (): Promise<void> => {
    if (await tryLock()) {
      leader = true;
      options.logger.log(`active: holds the leader lock of "${options.name}"; following the log`);
      resolveAcquired();
      schedule(heartbeat);
    } else {
      schedule(attempt);
    }
  };

  const start = async () => {
    await withTimeout(client.connect(), 'the leader lock connection');
    // The server ends this session (freeing the lock) about 11 s after its peer went silent.
    await client.query('SET tcp_keepalives_idle = 5; SET tcp_keepalives_interval = 2; SET tcp_keepalives_count = 3');
    if (await tryLock()) {
      leader = true;
      options.logger.log(`active: holds the leader lock of "${options.name}"; following the log`);
      resolveAcquired();
      schedule(heartbeat);
      return;
    }
    options.logger.log(`standby: ${await holder()} holds the leader lock of "${options.name}"; trying again every ${intervalMs} ms`);
    schedule(attempt);
  };
  lastCheck = start();
  lastCheck.catch((error: unknown) => loseLock(error instanceof Error ? error : new Error(String(error))));

  return {
    get isLeader() {
      return leader && !lost;
    },
    acquired,
    healthy: async () => {
      if (lost) throw new Error('the leader lock connection is lost');
      await lastCheck;
    },
    close: async () => {
      if (closed) return;
      closed = true;
      clearTimeout(timer);
      rejectAcquired(new Error('the leader lock was closed before it was acquired'));
      if (!lost) await client.end().catch(() => undefined);
    },
  };
}
