import { parseArgs } from 'node:util';

export interface BenchArgs {
  transactions: number;
  seed: number;
  /** Timed requests per case, after the warm-up. */
  iterations: number;
  warmup: number;
  /** Timed runs of the naive OFFSET query per page (it takes up to a second a run). */
  naiveIterations: number;
}

/** A whole-number option (`1_000_000` and `1,000,000` read too); `fallback` when it is not given. */
export const positive = (name: string, raw: string | undefined, fallback: number): number => {
  if (raw === undefined) return fallback;
  const value = Number(raw.replace(/[_,]/g, ''));
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`--${name} must be a whole number, got ${raw}`);
  return value;
};

/**
 * `--transactions N` (default 1,000,000), `--seed S` (1), `--iterations N` (200), `--warmup N` (20),
 * `--naive-iterations N` (20).
 */
export function readArgs(argv: string[] = process.argv.slice(2)): BenchArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      transactions: { type: 'string' },
      seed: { type: 'string' },
      iterations: { type: 'string' },
      warmup: { type: 'string' },
      'naive-iterations': { type: 'string' },
    },
  });
  return {
    transactions: positive('transactions', values.transactions, 1_000_000),
    seed: positive('seed', values.seed, 1),
    iterations: positive('iterations', values.iterations, 200),
    warmup: positive('warmup', values.warmup, 20),
    naiveIterations: positive('naive-iterations', values['naive-iterations'], 20),
  };
}
