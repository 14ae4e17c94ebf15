import { Module, type DynamicModule } from '@nestjs/common';
import { APP_CONFIG, createMailTransport, MAIL_TRANSPORT, type AppConfig, type MailTransport } from '@budget/platform';
import { MailWorker } from './mail/mail-worker.js';
import { MAIL_WORKER_OPTIONS, type MailWorkerOptions } from './mail/mail-worker.options.js';

export interface WorkerModuleOptions {
  config: AppConfig;
  /** Replaces the transport chosen from config (tests pass a fake SMTP relay). */
  transport?: MailTransport;
  /** Redis key prefix of the queues (tests use a unique one). */
  queuePrefix?: string;
  concurrency?: number;
}

/** The worker process: background consumers of the BullMQ queues. */
@Module({})
export class WorkerModule {
  static forRoot(options: WorkerModuleOptions): DynamicModule {
    const mailWorkerOptions: MailWorkerOptions = {
      redisUrl: options.config.redisUrl,
      concurrency: options.concurrency ?? 5,
      ...(options.queuePrefix ? { prefix: options.queuePrefix } : {}),
    };
    return {
      module: WorkerModule,
      providers: [
        { provide: APP_CONFIG, useValue: options.config },
        { provide: MAIL_TRANSPORT, useFactory: () => options.transport ?? createMailTransport(options.config) },
        { provide: MAIL_WORKER_OPTIONS, useValue: mailWorkerOptions },
        MailWorker,
      ],
    };
  }
}
