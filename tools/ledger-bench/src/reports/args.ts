import { parseArgs } from 'node:util';
import { positive as whole } from '../args.js';

export interface ReportsBenchArgs {
  transactions: number;
  seed: number;
  rounds: number;
  warmup: number;
  /** Measurements in this process, one after another; with more than one, the table of their medians too. */
  runs: number;
  /** Keep (and reuse) the data set in this database; none: a throwaway database. */
  databaseUrl: string | undefined;
  /** Only fill (or find) the data set, measure nothing. */
  fillOnly: boolean;
}

/**
 * `--transactions N` (default 1,000,000), `--seed S` (1), `--rounds N` (50), `--warmup N` (5), `--runs N` (1),
 * `--database-url URL` (default `DATABASE_URL`, else a throwaway database), `--fill-only`.
 */
export function readReportsArgs(argv: string[] = process.argv.slice(2)): ReportsBenchArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      transactions: { type: 'string' },
      seed: { type: 'string' },
      rounds: { type: 'string' },
      warmup: { type: 'string' },
      runs: { type: 'string' },
      'database-url': { type: 'string' },
      'fill-only': { type: 'boolean' },
    },
  });
  return {
    transactions: whole('transactions', values.transactions, 1_000_000),
    seed: whole('seed', values.seed, 1),
    rounds: whole('rounds', values.rounds, 50),
    warmup: whole('warmup', values.warmup, 5),
    runs: Math.max(1, whole('runs', values.runs, 1)),
    databaseUrl: values['database-url'] ?? process.env.DATABASE_URL,
    fillOnly: values['fill-only'] === true,
  };
}
