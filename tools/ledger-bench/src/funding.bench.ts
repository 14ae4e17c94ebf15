import { PLAN_CATEGORIES_SQL } from '@budget/budget';
import { FUNDING_INFO_SQL, fundingInfoParams, MONTH_FUNDED_SQL, MONTH_START_BALANCES_SQL } from '@budget/ledger';
import { firstOfMonth } from '@budget/money';
import { readArgs } from './args.js';
import { generate } from './generate.js';
import { measureInterleaved, percentile } from './measure/timing.js';

/**
 * The funding dialog's two reads on the generated data (see generate.ts): `GET /categories?date`
 * (month-start balances and last month's flows per category) and `GET /funding-plans/proposed`,
 * each through the whole API (app.inject) against the raw SQL behind it, interleaved, for a date in
 * the middle of the data and one at its end. Run: `npm run bench:funding -- [--transactions N]`.
 */
const args = readArgs();
const log = (line: string) => console.log(`  ${line}`);
const generated = await generate({ databaseUrl: process.env.DATABASE_URL, transactions: args.transactions, seed: args.seed, log });
try {
  await generated.api.stopProjector();
  const { pool } = generated;
  const { userId } = generated.user.target;
  const { rows } = await pool.query<{ first: string; last: string }>(
    `SELECT to_char(min(date), 'YYYY-MM-DD') AS first, to_char(max(date), 'YYYY-MM-DD') AS last FROM ledger_transactions WHERE user_id = $1`,
    [userId],
  );
  const { first, last } = rows[0]!;
  const middle = new Date((Date.parse(first) + Date.parse(last)) / 2).toISOString().slice(0, 10);
  const inject = async (url: string) => {
    const response = await generated.api.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${generated.user.access}` } });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
  };
  const lines: string[][] = [];
  for (const date of [middle, last]) {
    const cases = {
      'GET /categories?date': {
        api: () => inject(`/api/v1/categories?date=${date}`),
        sql: async () => void (await pool.query(FUNDING_INFO_SQL, fundingInfoParams(userId, date))),
      },
      'GET /funding-plans/proposed': {
        api: () => inject(`/api/v1/funding-plans/proposed?date=${date}`),
        sql: async () =>
          void (await Promise.all([
            pool.query(PLAN_CATEGORIES_SQL, [userId]),
            pool.query(MONTH_START_BALANCES_SQL, [userId, firstOfMonth(date)]),
            pool.query(MONTH_FUNDED_SQL, [userId, firstOfMonth(date)]),
          ])),
      },
    };
    for (const [call, { api, sql }] of Object.entries(cases)) {
      const timed = await measureInterleaved({ api, sql }, args.iterations, args.warmup);
      const [a, s] = [timed.api!, timed.sql!];
      lines.push([call, date, ...[percentile(a, 50), percentile(a, 99), percentile(s, 50), percentile(s, 99)].map((v) => v.toFixed(2)), (percentile(a, 50) / percentile(s, 50)).toFixed(1)]);
      log(`${call} at ${date}: measured`);
    }
  }
  const header = ['call', 'date', 'API p50', 'API p99', 'SQL p50', 'SQL p99', 'API/SQL p50'];
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ');
  console.log(`\nFunding dialog reads: ${args.transactions.toLocaleString('en-US')} transactions (data from ${first} to ${last}); ${args.iterations} timed rounds after ${args.warmup} warm-up; times in ms`);
  console.log([line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...lines.map(line)].join('\n'));
} finally {
  await generated.close({ drop: generated.throwaway });
}
