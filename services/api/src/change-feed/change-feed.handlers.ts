import { Inject, Injectable, ServiceUnavailableException, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { RouteResponse, changeFeed } from '@budget/contracts';
import { PlaidItemStore } from '@budget/bank-sync';
import { APP_CONFIG, ChangeFeed, changeFeedMigrations, migrate, PG_POOL, type AppConfig, type FeedConnection, type Pool } from '@budget/platform';
import { OpenChangeStreamQuery, ReadChangesQuery } from './change-feed.queries.js';

/** How often an open stream looks again at linked banks still waiting for their first sync (only while there are any). */
const SYNCING_POLL_MS = 2000;

/**
 * The process's change feed (docs/architecture.md §4.1), made on first use: it reads `es_events`,
 * so it needs the PostgreSQL event store (with EventStoreDB the route answers 503).
 */
@Injectable()
export class ChangeFeedHolder implements OnModuleInit, OnApplicationShutdown {
  private feed: Promise<ChangeFeed> | null = null;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Its index is made when the API starts, never on a user's first request. */
  async onModuleInit(): Promise<void> {
    if (this.config.eventStore === 'postgres') await migrate(this.pool, changeFeedMigrations);
  }

  get(): Promise<ChangeFeed> {
    if (this.config.eventStore !== 'postgres') throw new ServiceUnavailableException('The change feed reads the PostgreSQL event store, which this server does not use.');
    this.feed ??= migrate(this.pool, changeFeedMigrations).then(
      () => new ChangeFeed(this.pool, { connectionString: this.config.databaseUrl, projection: this.config.projection === 'inline' ? 'inline' : 'async' }),
    );
    this.feed.catch(() => (this.feed = null));
    return this.feed;
  }

  async onApplicationShutdown(): Promise<void> {
    const feed = this.feed;
    this.feed = null;
    if (feed) await (await feed).close();
  }
}

@QueryHandler(ReadChangesQuery)
export class ReadChangesHandler implements IQueryHandler<ReadChangesQuery, RouteResponse<typeof changeFeed>> {
  constructor(@Inject(ChangeFeedHolder) private readonly feed: ChangeFeedHolder) {}

  async execute({ userId, after }: ReadChangesQuery): Promise<RouteResponse<typeof changeFeed>> {
    return (await this.feed.get()).page(userId, after);
  }
}

/**
 * Opens the user's live feed, and adds to it which of the user's linked banks still wait for their
 * first sync (`syncing`): in the `ready` message, and again whenever that set changes. A sync
 * stores its cursor after its rows, outside the log, so the set is read from the bank links
 * themselves, every SYNCING_POLL_MS while it is not empty and after every change the feed sends.
 */
@QueryHandler(OpenChangeStreamQuery)
export class OpenChangeStreamHandler implements IQueryHandler<OpenChangeStreamQuery, FeedConnection> {
  constructor(
    @Inject(ChangeFeedHolder) private readonly feed: ChangeFeedHolder,
    @Inject(PlaidItemStore) private readonly items: PlaidItemStore,
  ) {}

  async execute({ userId, after, send }: OpenChangeStreamQuery): Promise<FeedConnection> {
    const feed = await this.feed.get();
    const syncing = async () =>
      (await this.items.listByUser(userId))
        .filter((item) => item.syncedAt === null && item.status === 'ok')
        .map((item) => item.institutionId)
        .sort();
    let known = await syncing();
    let ended = false;
    let timer: NodeJS.Timeout | null = null;
    const look = async () => {
      if (ended) return;
      const now = await syncing().catch(() => known);
      if (ended) return;
      if (now.join() !== known.join()) {
        known = now;
        send({ kind: 'syncing', institutions: now });
      }
      schedule();
    };
    const schedule = () => {
      if (timer) clearTimeout(timer);
      timer = known.length > 0 && !ended ? setTimeout(() => void look(), SYNCING_POLL_MS) : null;
      timer?.unref();
    };
    const connection = feed.open(userId, after, (message) => {
      if (message.kind === 'end') {
        ended = true;
        if (timer) clearTimeout(timer);
      }
      send(message);
      if (message.kind === 'ready') {
        send({ kind: 'syncing', institutions: known });
        schedule();
      }
      if (message.kind === 'change' && (message.change.institutions.length > 0 || message.change.accounts.length > 0)) void look();
    });
    return connection;
  }
}
