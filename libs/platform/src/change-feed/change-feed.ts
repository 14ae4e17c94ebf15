import pg from 'pg';
import { EVENTS_CHANNEL } from '../event-store/postgres-subscription.js';
import { CHECKPOINT_CHANNEL, readAnnouncement } from '../projection/checkpoint.js';
import { ChangeLog, mergeChanges, type Change, type FeedProjection } from './change-log.js';

/** What one open feed sends (the API writes each as a Server-Sent Event). */
export type FeedMessage =
  | { kind: 'ready'; position: string }
  | { kind: 'change'; change: Change }
  | { kind: 'reset'; position: string }
  | { kind: 'heartbeat' }
  /** The feed ends: the connection's lifetime ran out, or a newer connection of the user took its place. */
  | { kind: 'end'; reason: 'lifetime' | 'replaced' | 'closed' };

export interface ChangeFeedOptions {
  /** Where the feed's LISTEN connection goes (the pool's database). */
  connectionString: string;
  projection: FeedProjection;
  checkpointName?: string;
  /** Open feeds per user in this process; one more closes the oldest (default 4). */
  maxPerUser?: number;
  /** A comment line this often keeps proxies from closing an idle stream (default 15 s). */
  heartbeatMs?: number;
  /** Re-read this often even without a notification (a missed NOTIFY, a lost LISTEN connection; default 2 s). */
  pollMs?: number;
  /** A feed ends after this long, so the client reconnects with a fresh access token (default 10 min). */
  lifetimeMs?: number;
  /** A resume further behind than this many events is answered `reset` (refetch everything) instead of replayed (default 5,000). */
  maxReplayEvents?: number;
}

export interface FeedConnection {
  /** Resolves when the feed has ended (its `end` message was sent). */
  readonly done: Promise<void>;
  close(): void;
}

const HELD_BACK_FIRST_MS = 2;
const HELD_BACK_MAX_MS = 64;
const PAGE_EVENTS = 500;

/**
 * The per-user change feed of one API process (docs/architecture.md §4.1). Every open feed reads its
 * user's events from `es_events` after its cursor (`ChangeLog`) whenever something may have changed:
 * a NOTIFY on the event store's channel (sent after every append's commit, by any process: the api,
 * the worker's syncs), a move of the projector's checkpoint (async: the user's partition passed new
 * events), or the poll. So it covers every writer without any of them publishing, and announces a
 * change only once the read models show it. One LISTEN connection serves every feed of the process.
 */
export class ChangeFeed {
  private readonly log: ChangeLog;
  private readonly feeds = new Map<string, Set<OpenFeed>>();
  private listener: Promise<pg.Client> | null = null;
  private closed = false;

  constructor(
    readonly db: pg.Pool,
    private readonly options: ChangeFeedOptions,
  ) {
    this.log = new ChangeLog(db, options.projection, options.checkpointName);
  }

  /** The changes after `after` (a page; none and the user's head when `after` is null): the JSON form of the feed. */
  async page(userId: string, after: bigint | null): Promise<{ position: string; changes: Change[]; more: boolean }> {
    if (after === null) return { position: (await this.log.head(userId)).toString(), changes: [], more: false };
    const page = await this.log.page(userId, after, PAGE_EVENTS);
    return { position: page.position.toString(), changes: page.changes, more: page.full };
  }

  /**
   * Opens a live feed for the user from `after` (the client's Last-Event-ID; null: from now). The
   * user's oldest feed in this process ends when this one is one too many.
   */
  open(userId: string, after: bigint | null, send: (message: FeedMessage) => void): FeedConnection {
    if (this.closed) throw new Error('ChangeFeed is closed');
    void this.listen().catch(() => undefined);
    const feed = new OpenFeed(this.log, userId, after, send, this.options, () => this.forget(feed));
    const mine = this.feeds.get(userId) ?? new Set<OpenFeed>();
    mine.add(feed);
    this.feeds.set(userId, mine);
    const max = this.options.maxPerUser ?? 4;
    while (mine.size > max) {
      const oldest = mine.values().next().value!;
      mine.delete(oldest);
      oldest.end('replaced');
    }
    feed.start();
    return { done: feed.done, close: () => feed.end('closed') };
  }

  /** How many feeds are open (all users, this process). */
  get openCount(): number {
    let n = 0;
    for (const set of this.feeds.values()) n += set.size;
    return n;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const set of this.feeds.values()) for (const feed of set) feed.end('closed');
    this.feeds.clear();
    const listener = this.listener;
    this.listener = null;
    if (listener) await listener.then((c) => c.end()).catch(() => undefined);
  }

  private forget(feed: OpenFeed): void {
    const mine = this.feeds.get(feed.userId);
    if (!mine) return;
    mine.delete(feed);
    if (mine.size === 0) this.feeds.delete(feed.userId);
  }

  private wake(userId: string | null): void {
    if (userId !== null) {
      for (const feed of this.feeds.get(userId) ?? []) feed.wake();
      return;
    }
    for (const set of this.feeds.values()) for (const feed of set) feed.wake();
  }

  /** One LISTEN connection for the process; a lost one is opened again by the next feed (the poll covers the gap). */
  private listen(): Promise<pg.Client> {
    if (this.listener) return this.listener;
    const client = new pg.Client({ connectionString: this.options.connectionString, application_name: 'change-feed' });
    const connection = (async () => {
      client.on('notification', (message) => {
        if (message.channel === EVENTS_CHANNEL) return this.wake(null);
        const announced = readAnnouncement(message.payload);
        if (announced && !announced.quarantined) this.wake(announced.userId);
      });
      const lost = () => {
        if (this.listener === connection) this.listener = null;
      };
      client.on('error', lost);
      client.on('end', lost);
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
      if (this.options.projection === 'async') await client.query(`LISTEN ${CHECKPOINT_CHANNEL}`);
      return client;
    })();
    connection.catch(() => {
      if (this.listener === connection) this.listener = null;
      void client.end().catch(() => undefined);
    });
    this.listener = connection;
    return connection;
  }
}

/** One client's feed: a loop that reads the user's changes after its cursor whenever it is woken. */
class OpenFeed {
  readonly done: Promise<void>;
  private resolveDone!: () => void;
  private ended = false;
  private woken = false;
  private wakeUp: (() => void) | null = null;
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly log: ChangeLog,
    readonly userId: string,
    private readonly after: bigint | null,
    private readonly send: (message: FeedMessage) => void,
    private readonly options: ChangeFeedOptions,
    private readonly onEnd: () => void,
  ) {
    this.done = new Promise((resolve) => (this.resolveDone = resolve));
  }

  start(): void {
    this.timers.push(setInterval(() => !this.ended && this.send({ kind: 'heartbeat' }), this.options.heartbeatMs ?? 15_000));
    this.timers.push(setTimeout(() => this.end('lifetime'), this.options.lifetimeMs ?? 10 * 60_000));
    for (const t of this.timers) t.unref();
    void this.run().catch(() => this.end('closed'));
  }

  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  end(reason: 'lifetime' | 'replaced' | 'closed'): void {
    if (this.ended) return;
    this.ended = true;
    for (const t of this.timers) clearTimeout(t);
    this.wakeUp?.();
    this.onEnd();
    try {
      this.send({ kind: 'end', reason });
    } finally {
      this.resolveDone();
    }
  }

  private idle(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.woken || this.ended) return resolve();
      const timer = setTimeout(() => this.wakeUp?.(), ms);
      this.wakeUp = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        resolve();
      };
    });
  }

  private async run(): Promise<void> {
    let cursor = this.after ?? (await this.log.head(this.userId));
    if (this.after !== null) {
      // A resume: replay what the client missed, unless it is too much to be worth it.
      const replayed = await this.replay(cursor);
      if (replayed === null) {
        cursor = await this.log.head(this.userId);
        if (this.ended) return;
        this.send({ kind: 'reset', position: cursor.toString() });
      } else {
        cursor = replayed;
      }
    }
    if (this.ended) return;
    this.send({ kind: 'ready', position: cursor.toString() });
    let heldBackDelay = HELD_BACK_FIRST_MS;
    while (!this.ended) {
      this.woken = false;
      const page = await this.log.page(this.userId, cursor, PAGE_EVENTS);
      if (this.ended) return;
      const merged = mergeChanges(page.changes);
      if (merged) this.send({ kind: 'change', change: merged });
      cursor = page.position;
      if (page.full) continue;
      if (page.heldBack) {
        await this.idle(heldBackDelay);
        heldBackDelay = Math.min(heldBackDelay * 2, HELD_BACK_MAX_MS);
      } else {
        heldBackDelay = HELD_BACK_FIRST_MS;
        await this.idle(this.options.pollMs ?? 2000);
      }
    }
  }

  /** Sends what happened after `from`, merged; null when more than `maxReplayEvents` events lie behind. */
  private async replay(from: bigint): Promise<bigint | null> {
    const max = this.options.maxReplayEvents ?? 5000;
    const pages: Change[] = [];
    let cursor = from;
    for (let read = 0; ; read += PAGE_EVENTS) {
      if (read >= max) return null;
      const page = await this.log.page(this.userId, cursor, PAGE_EVENTS);
      pages.push(...page.changes);
      cursor = page.position;
      if (!page.full) break;
    }
    const merged = mergeChanges(pages);
    if (merged && !this.ended) this.send({ kind: 'change', change: merged });
    return cursor;
  }
}
