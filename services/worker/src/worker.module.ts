import { Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import {
  APP_CONFIG, createMailTransport, createPool, jobOutboxMigrations, MAIL_TRANSPORT, migrate, PG_POOL, warmConnectionsFrom,
  type AppConfig, type MailTransport, type Pool,
} from '@budget/platform';
import type { Agent } from 'node:https';
import { loadVapidKeys, type VapidKeys } from '@budget/identity';
import { MailWorker } from './mail/mail-worker.js';
import { MAIL_WORKER_OPTIONS, type MailWorkerOptions } from './mail/mail-worker.options.js';
import { PushWorker } from './push/push-worker.js';
import { PUSH_WORKER_OPTIONS, type PushWorkerOptions } from './push/push-worker.options.js';
import { OUTBOX_RELAY_OPTIONS, OutboxRelayService, type WorkerRelayOptions } from './outbox/outbox-relay.service.js';

export interface WorkerModuleOptions {
  config: AppConfig;
  /** Replaces the transport chosen from config (tests pass a fake SMTP relay). */
  transport?: MailTransport;
  /** Redis key prefix of the queues; default `config.queuePrefix` (tests use a unique one). */
  queuePrefix?: string;
  concurrency?: number;
  /** Reuse a pool (tests); the worker then leaves it open on close. */
  pool?: Pool;
  /** The outbox relay's timings (tests shorten them). */
  relay?: Partial<Pick<WorkerRelayOptions, 'pollMs' | 'reRelayAfterMs'>>;
  /** The web-push key pair; default `loadVapidKeys` (VAPID_* variables or `.data/vapid.json`, shared with the API). */
  vapidKeys?: VapidKeys;
  /** Tests: an HTTPS agent that trusts a local push service. */
  pushAgent?: Agent;
}

const OWNS_POOL = Symbol.for('budget.worker.ownsPool');

/** Ends the pool the worker made, after every consumer and the relay stopped. */
class PoolCloser implements OnApplicationShutdown {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(OWNS_POOL) private readonly owns: boolean,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.owns) await this.pool.end();
  }
}

/** The worker process: the job outbox's relay and the background consumers of the BullMQ queues (mail, push). */
@Module({})
export class WorkerModule {
  static forRoot(options: WorkerModuleOptions): DynamicModule {
    const { config } = options;
    const prefix = options.queuePrefix ?? config.queuePrefix;
    const mailWorkerOptions: MailWorkerOptions = { redisUrl: config.redisUrl, concurrency: options.concurrency ?? 5, prefix };
    const pushWorkerOptions: PushWorkerOptions = {
      redisUrl: config.redisUrl, concurrency: options.concurrency ?? 5, prefix,
      vapid: options.vapidKeys ?? loadVapidKeys(process.env, config.repoRoot),
      ...(options.pushAgent ? { agent: options.pushAgent } : {}),
    };
    const relayOptions: WorkerRelayOptions = { databaseUrl: config.databaseUrl, redisUrl: config.redisUrl, prefix, ...options.relay };
    return {
      module: WorkerModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        {
          provide: PG_POOL,
          useFactory: async () => {
            const pool = options.pool ?? createPool(config.databaseUrl, 4, { warm: Math.min(2, warmConnectionsFrom()) });
            await migrate(pool, jobOutboxMigrations);
            return pool;
          },
        },
        { provide: OWNS_POOL, useValue: !options.pool },
        { provide: MAIL_TRANSPORT, useFactory: () => options.transport ?? createMailTransport(config) },
        { provide: MAIL_WORKER_OPTIONS, useValue: mailWorkerOptions },
        { provide: OUTBOX_RELAY_OPTIONS, useValue: relayOptions },
        { provide: PUSH_WORKER_OPTIONS, useValue: pushWorkerOptions },
        MailWorker,
        PushWorker,
        OutboxRelayService,
        PoolCloser,
      ],
    };
  }
}
