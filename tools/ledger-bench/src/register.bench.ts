import { readArgs } from './args.js';
import { generate } from './generate.js';
import { accountRegister, categoryRegister, PAGE_SIZE, type RegisterUnderTest } from './measure/pages.js';
import { formatReport, type CaseResult } from './measure/report.js';
import { runCase, type CaseSettings } from './measure/run-case.js';

/**
 * Register pages at depth: generates the data (see generate.ts), then for the big account and the
 * big category register times 30-row pages at offset 0, the middle and ≈ 99,000 through the whole
 * API (app.inject) against the raw SQL of the same page, and the naive OFFSET query for contrast.
 * Run: `npm run bench:registers -- [--transactions 1000000 --iterations 200 --warmup 20 --naive-iterations 20 --seed 1]`;
 * DATABASE_URL fills (and keeps) that database instead of a throwaway one.
 */
const DEEP_OFFSET = 99_000;
const args = readArgs();
const log = (line: string) => console.log(`  ${line}`);

const offsetsOf = (register: RegisterUnderTest) => {
  const last = Math.max(0, register.size - PAGE_SIZE);
  return [...new Set([0, Math.floor(register.size / 2), Math.min(DEEP_OFFSET, last)])].sort((a, b) => a - b);
};

const generated = await generate({ databaseUrl: process.env.DATABASE_URL, transactions: args.transactions, seed: args.seed, log });
try {
  await generated.api.stopProjector();
  const { target } = generated.user;
  const settings: CaseSettings = { app: generated.api.app, token: generated.user.access, pool: generated.pool, iterations: args.iterations, warmup: args.warmup, naiveIterations: args.naiveIterations, log };
  const registers = [await accountRegister(generated.pool, target.accountIds[0]!), await categoryRegister(generated.pool, target.categoryIds[0]!)];
  const results: CaseResult[] = [];
  for (const register of registers) for (const offset of offsetsOf(register)) results.push(await runCase(settings, register, offset));

  const { rows } = await generated.pool.query<{ server_version: string }>('SHOW server_version');
  console.log('');
  console.log(
    `Register pages of ${PAGE_SIZE} rows: ${args.transactions.toLocaleString('en-US')} transactions generated in ${generated.seconds.toFixed(0)} s; ` +
      `PostgreSQL ${rows[0]?.server_version ?? '?'}; per page ${args.iterations} timed API requests and raw SQL queries, interleaved, after ${args.warmup} ` +
      `warm-up rounds, and ${args.naiveIterations} naive queries; times in ms`,
  );
  console.log(formatReport(results));
} finally {
  await generated.close({ drop: generated.throwaway });
}
