import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { openSessionClient, PG_POOL, type Pool, type SessionClient } from '@budget/platform';

/**
 * Advisory-lock classes (two-key form), beside the rebuild's 7271, the user write lock's 7272 and
 * the projector leader's 7273: an import's lease (key hashtext(import id)) and the sweep's turn
 * (key 0).
 */
export const IMPORT_LEASE_LOCK_CLASS = 7274;
export const IMPORT_SWEEP_LOCK_CLASS = 7275;

interface Session {
  client: SessionClient;
  lost: boolean;
}

/** The runs of one import under way in this process, and the session whose lock marks them (null: not taken). */
interface Lease {
  runs: number;
  session: Session | null;
}

/**
 * Which imports a live process is running, for the sweep (docs/architecture.md §8 "Imports in
 * chunks"): a run of an import holds a session-level advisory lock on the import's id for as long
 * as it lasts, on one connection this process keeps for these locks (its own, beside the pool:
 * never one of the pool's connections taken from requests for good). A process that dies, however
 * it dies, loses its session and with it every lease, so the sweep may then resume its imports;
 * while the process lives, the sweep (`tryHold`) leaves them alone. Nothing is written and no
 * transaction stays open (the log's readers wait for open transactions, docs/architecture.md §3).
 *
 * A lease is advice, not what keeps an import exact: every row's stream id and event ids are
 * derived from the plan, so two runs of one import store each row once. A request whose lease
 * cannot be taken (another process's run of the same import holds it, or the lock's connection
 * failed) runs all the same; a connection lost while the process lives loses its leases, and the
 * sweep may then resume a live import, which stays exact and only costs the repeated work.
 */
@Injectable()
export class ImportLeases implements OnApplicationShutdown {
  private readonly logger = new Logger('ImportLeases');
  private readonly leases = new Map<string, Lease>();
  private session: Promise<Session> | null = null;
  private closed = false;

  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** Runs `work` holding the import's lease; when a live run elsewhere holds it, runs all the same (a client's retry racing it). */
  async hold<T>(importId: string, work: () => Promise<T>): Promise<T> {
    const lease = (await this.enter(importId, false))!;
    try {
      return await work();
    } finally {
      await this.leave(importId, lease);
    }
  }

  /** Runs `work` holding the import's lease, or answers `{ ran: false }` without running it while a live run (here or in another process) holds it. */
  async tryHold<T>(importId: string, work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
    const lease = await this.enter(importId, true);
    if (!lease) return { ran: false };
    try {
      return { ran: true, value: await work() };
    } finally {
      await this.leave(importId, lease);
    }
  }

  /** Runs `work` if no other process is sweeping (the sweep's turn), else answers null. One pass at a time in this process is the caller's to keep. */
  async turn<T>(work: () => Promise<T>): Promise<T | null> {
    if (this.closed) return null;
    const session = await this.open();
    const { rows } = await session.client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, 0) AS ok', [IMPORT_SWEEP_LOCK_CLASS]);
    if (rows[0]?.ok !== true) return null;
    try {
      return await work();
    } finally {
      if (!session.lost) await session.client.query('SELECT pg_advisory_unlock($1, 0)', [IMPORT_SWEEP_LOCK_CLASS]).catch(() => undefined);
    }
  }

  /**
   * Gives the lock session up (the sweep calls it once its last pass is over, before the pool is
   * ended, which would wait for this connection); runs after this take no lease.
   */
  async close(): Promise<void> {
    this.closed = true;
    const session = this.session;
    this.session = null;
    if (session) this.drop(await session.catch(() => null));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }

  /**
   * Joins the import's runs in this process or takes its lock. Exclusive (the sweep): null when a
   * run is under way here or the lock is held elsewhere (or cannot be checked); otherwise always a lease.
   */
  private async enter(importId: string, exclusive: boolean): Promise<Lease | null> {
    const known = this.leases.get(importId);
    if (known) {
      if (exclusive) return null;
      known.runs += 1;
      return known;
    }
    // Counted before the first await: a run starting meanwhile in this process joins this lease.
    const lease: Lease = { runs: 1, session: null };
    this.leases.set(importId, lease);
    // Once closed (the process is stopping), a run takes no lease.
    if (!this.closed) {
      try {
        const session = await this.open();
        const { rows } = await session.client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok', [IMPORT_LEASE_LOCK_CLASS, importId]);
        if (rows[0]?.ok === true) lease.session = session;
      } catch (error) {
        this.logger.warn(`the lease of import ${importId} could not be taken: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (exclusive && !lease.session) {
      await this.leave(importId, lease);
      return null;
    }
    return lease;
  }

  private async leave(importId: string, lease: Lease): Promise<void> {
    lease.runs -= 1;
    if (lease.runs > 0) return;
    if (this.leases.get(importId) === lease) this.leases.delete(importId);
    const session = lease.session;
    lease.session = null;
    // Session locks stack: a run that took this lock again meanwhile keeps it after this unlock.
    if (session && !session.lost) {
      await session.client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [IMPORT_LEASE_LOCK_CLASS, importId]).catch(() => undefined);
    }
  }

  /** The lock session: one connection of its own kept while the process lives, opened again when it breaks. */
  private open(): Promise<Session> {
    if (this.session) return this.session;
    const opening: Promise<Session> = (async () => {
      const client = await openSessionClient(this.pool, 'import-leases');
      const session: Session = { client, lost: false };
      client.on('error', (error: Error) => {
        if (session.lost) return;
        this.logger.warn(`the import leases' connection broke (its leases are released): ${error.message}`);
        if (this.session === opening) this.session = null;
        this.drop(session);
      });
      return session;
    })();
    opening.catch(() => {
      if (this.session === opening) this.session = null;
    });
    this.session = opening;
    return opening;
  }

  private drop(session: Session | null): void {
    if (!session || session.lost) return;
    session.lost = true;
    void session.client.end().catch(() => undefined);
  }
}
