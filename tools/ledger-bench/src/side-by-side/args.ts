import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { positive } from '../args.js';

export interface SideBySideArgs {
  originalUrl: string;
  oursUrl: string;
  /** Transactions seeded into each server's account through its own API. */
  transactions: number;
  /** Timed rounds per run (each round calls every case once on each server), after the warm-up. */
  iterations: number;
  warmup: number;
  /** Runs of the whole measurement (latency and throughput) on the same seeded data. */
  runs: number;
  /** Connections of the read-throughput phase. */
  concurrency: number;
  /** Seconds each read is driven at `concurrency` connections on each server, per run. */
  throughputSeconds: number;
  seed: number;
  /** Where ours writes its development e-mail (the sign-up code). */
  outbox: string;
  /** The results as JSON (kept as recorded figures of the original). */
  out: string | null;
  /** `--reuse TAG`: sign in to the users an earlier run seeded (its log's "signed up TAGo/TAGu") instead of seeding. */
  reuse: string | null;
  /** `--skip PREFIX` (repeatable): calls whose name starts with it are left out on both servers. */
  skip: string[];
  /** `--client undici|wrk`: what drives the reads' throughput phase (the timed rounds are always undici's). */
  client: 'undici' | 'wrk';
}

const text = (value: string | undefined, fallback: string) => (value === undefined || value === '' ? fallback : value);

/**
 * `--original-url U` (env ORIGINAL_URL, default http://127.0.0.1:3400), `--ours-url U` (env OURS_URL,
 * default http://127.0.0.1:3000), `--transactions N` (3,000), `--iterations N` (40), `--warmup N` (5),
 * `--runs N` (1), `--concurrency N` (10), `--throughput-seconds N` (5), `--seed S` (1),
 * `--outbox DIR` (env MAIL_OUTBOX_DIR, default ./.data/outbox), `--out FILE`, `--reuse TAG`,
 * `--skip PREFIX` (repeatable; e.g. `--skip PATCH`, whose original takes 18 s a call at 25,000),
 * `--client undici|wrk` (undici): what drives the reads' throughput phase.
 */
export function readSideBySideArgs(argv: string[] = process.argv.slice(2)): SideBySideArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      'original-url': { type: 'string' },
      'ours-url': { type: 'string' },
      transactions: { type: 'string' },
      iterations: { type: 'string' },
      warmup: { type: 'string' },
      runs: { type: 'string' },
      concurrency: { type: 'string' },
      'throughput-seconds': { type: 'string' },
      seed: { type: 'string' },
      outbox: { type: 'string' },
      out: { type: 'string' },
      reuse: { type: 'string' },
      skip: { type: 'string', multiple: true },
      client: { type: 'string' },
    },
  });
  const runs = positive('runs', values.runs, 1);
  const iterations = positive('iterations', values.iterations, 40);
  if (runs < 1) throw new Error('--runs must be at least 1');
  if (iterations < 1) throw new Error('--iterations must be at least 1');
  const client = values.client ?? 'undici';
  if (client !== 'undici' && client !== 'wrk') throw new Error('--client must be undici or wrk');
  return {
    originalUrl: text(values['original-url'], text(process.env.ORIGINAL_URL, 'http://127.0.0.1:3400')).replace(/\/$/, ''),
    oursUrl: text(values['ours-url'], text(process.env.OURS_URL, 'http://127.0.0.1:3000')).replace(/\/$/, ''),
    transactions: positive('transactions', values.transactions, 3_000),
    iterations,
    warmup: positive('warmup', values.warmup, 5),
    runs,
    concurrency: Math.max(1, positive('concurrency', values.concurrency, 10)),
    throughputSeconds: Math.max(1, positive('throughput-seconds', values['throughput-seconds'], 5)),
    seed: positive('seed', values.seed, 1),
    outbox: text(values.outbox, text(process.env.MAIL_OUTBOX_DIR, join(process.cwd(), '.data', 'outbox'))),
    out: values.out ?? null,
    reuse: values.reuse ?? null,
    skip: values.skip ?? [],
    client,
  };
}
