import { parseArgs } from 'node:util';

export interface ReportsBenchArgs {
  transactions: number;
  seed: number;
  rounds: number;
  warmup: number;
  /** Keep (and reuse) the data set in this database; none: a throwaway database. */
  databaseUrl: string | undefined;
  /** Only fill (or find) the data set, measure nothing. */
  fillOnly: boolean;
}

const whole = (name: string, raw: string | undefined, fallback: number): number => {
  if (raw === undefined) return fallback;
  const value = Number(raw.replace(/[_,]/g, ''));
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`--${name} must be a whole number, got ${raw}`);
  return value;
};

/**
 * `--transactions N` (default 1,000,000), `--seed S` (1), `--rounds N` (50), `--warmup N` (5),
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
      'database-url': { type: 'string' },
      'fill-only': { type: 'boolean' },
    },
  });
  return {
    transactions: whole('transactions', values.transactions, 1_000_000),
    seed: whole('seed', values.seed, 1),
    rounds: whole('rounds', values.rounds, 50),
    warmup: whole('warmup', values.warmup, 5),
    databaseUrl: values['database-url'] ?? process.env.DATABASE_URL,
    fillOnly: values['fill-only'] === true,
  };
}
